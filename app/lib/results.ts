// A stored result label is 'position/total|note' ('3/12|(MA1)' when the payouts were
// computed); people read the place as "3 of 12".

/** "n of total" from a result label, or null when no result was recorded. */
export function positionLabel(result: string | null): string | null {
  const m = result?.match(/^(\d+)\/(\d+)/);
  return m ? `${m[1]} of ${m[2]}` : null;
}
