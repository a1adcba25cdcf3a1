// Hand-set payout shares for small fields, in whole percent of the division pool.
// Row i pays i + 1 places; every row sums to 100 and never increases by place.
// Source: shaped after PDGA-style payout tables (8 places ≈ 28/19/15/12/9/7/6/5,
// trimmed here to 28/19/14/… so it sums to 100), made more top-heavy for the tiny
// fields a weekly league sees, and kept close to the 1/(place + 1) curve that
// payouts.ts uses for 11+ paid places so the hand-off has no visible step.
export const HAND_SHARE_PERCENT: readonly (readonly number[])[] = [
  [100],
  [65, 35],
  [50, 30, 20],
  [42, 27, 18, 13],
  [36, 24, 17, 13, 10],
  [32, 22, 16, 12, 10, 8],
  [30, 20, 15, 12, 9, 8, 6],
  [28, 19, 14, 12, 9, 7, 6, 5],
  [26, 18, 14, 11, 9, 7, 6, 5, 4],
  [25, 17, 13, 10, 8, 7, 6, 5, 5, 4],
];
