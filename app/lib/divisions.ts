// The league's divisions in the spec's order (league-spec.md §3): pages list and group
// them in this order, and a player's division must be one of them.

export const DIVISIONS = [
  "MPO",
  "MP40",
  "MP50",
  "MPM",
  "MPG",
  "FPO",
  "MA1",
  "MA2",
  "MA3",
  "MA4",
  "MA40",
  "MA50",
  "FA1",
  "FA2",
  "FA3",
  "FA40",
  "FA50",
  "MJ18",
  "MJ15",
  "MJ12",
  "MJ10",
  "MJ08",
  "MJ06",
] as const;

export type Division = (typeof DIVISIONS)[number];

const RANK = new Map<string, number>(DIVISIONS.map((d, i) => [d, i]));

export function isDivision(value: string): value is Division {
  return RANK.has(value);
}

/** Sorts divisions the spec's way; any unknown one (old data) after, alphabetically. */
export function compareDivisions(a: string, b: string): number {
  const ra = RANK.get(a) ?? DIVISIONS.length;
  const rb = RANK.get(b) ?? DIVISIONS.length;
  return ra - rb || a.localeCompare(b);
}
