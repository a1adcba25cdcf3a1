// Bag tags in words (ADR 27), for the tags pages and a player's page.

/** Why a tag moved (ADR 27): a round's swap or expiry, an admin's assignment or take-back. */
export type TagReason = "swap" | "expired" | "assigned" | "taken_back";

export const TAG_REASONS: Record<TagReason, string> = {
  swap: "Swapped by finish",
  expired: "Returned to the pool: absent too long",
  assigned: "Assigned by an admin",
  taken_back: "Taken back by an admin",
};

/** Tag numbers as short ranges: [1, 2, 3, 5, 7, 8] → "1–3, 5, 7–8". */
export function tagRanges(tags: readonly number[]): string {
  const sorted = [...tags].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}–${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(", ");
}
