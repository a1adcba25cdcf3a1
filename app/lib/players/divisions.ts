// The league's divisions in the spec's order: pro and open first,
// then amateurs, women's after men's, juniors last. Lists, filters and round results use
// this order, never the alphabet (MA1 before MPO would read as a mistake to a disc
// golfer), and a player's division must be one of them.

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

const rank = new Map<string, number>(DIVISIONS.map((d, i) => [d, i]));

/** A division's place in the spec's order; one the spec does not list sorts after all of them. */
export function divisionRank(division: string): number {
  return rank.get(division) ?? DIVISIONS.length;
}

export const isDivision = (s: string): s is Division => rank.has(s);

/** Sorts divisions the spec's way; unknown ones (old data) after, alphabetically. */
export function compareDivisions(a: string, b: string): number {
  return divisionRank(a) - divisionRank(b) || a.localeCompare(b);
}

/** The distinct divisions of `list`, in the spec's order. */
export function divisionsPresent(list: Iterable<string>): string[] {
  return [...new Set(list)].sort(compareDivisions);
}

/** Items grouped by their division, the groups in the spec's order and each in the list's order. */
export function groupByDivision<T extends { division: string }>(list: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const group = groups.get(item.division);
    if (group) group.push(item);
    else groups.set(item.division, [item]);
  }
  return [...groups].sort(([a], [b]) => compareDivisions(a, b));
}

/**
 * A division picker's two lists: the league's divisions in its order (only PDGA ones,
 * each once), then every other PDGA division in the spec's order.
 */
export function divisionChoices(league: readonly string[]): { league: Division[]; other: Division[] } {
  const ours = [...new Set(league)].filter(isDivision);
  const taken = new Set<string>(ours);
  return { league: ours, other: DIVISIONS.filter((d) => !taken.has(d)) };
}
