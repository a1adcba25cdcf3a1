// The /api speaks dollars as numbers with at most two decimals (4.5, 0.25); everything
// behind it is integer cents. This is the one place cents become dollars.

export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
