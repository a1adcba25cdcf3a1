// A stored result label is 'position/total|note' ('3/12|(MA1)' when the payouts were
// computed); people read the place as "3 of 12".

/** "n of total" from a result label, or null when no result was recorded. */
export function positionLabel(result: string | null): string | null {
  const m = result?.match(/^(\d+)\/(\d+)/);
  return m ? `${m[1]} of ${m[2]}` : null;
}

/**
 * Places within one division as people write them: 1, T2, T2, 4. Lower is better; a
 * place is 1 + the number of strictly lower scores (DESIGN.md "Payouts"), and a place
 * shared by several scores is marked T. Unscored entries (0) have no place.
 */
export function placeLabels<T extends { id: number; score: number }>(entries: readonly T[]): Map<number, string> {
  const scores = entries.map((e) => e.score).filter((s) => s > 0);
  const labels = new Map<number, string>();
  for (const e of entries) {
    if (e.score <= 0) continue;
    const place = 1 + scores.filter((s) => s < e.score).length;
    const tied = scores.filter((s) => s === e.score).length > 1;
    labels.set(e.id, `${tied ? "T" : ""}${place}`);
  }
  return labels;
}
