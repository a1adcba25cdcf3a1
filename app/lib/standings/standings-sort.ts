// The standings table's sort through the URL (`?sort=&dir=`, ../shared/sort.ts), so it works
// without JavaScript. Apart from ./standings-table.ts: the page's component needs only this.
import { type SortState, compareBy, parseSort } from "../shared/sort";
import type { PlayerStanding } from "./standings-table";

export const STANDINGS_COLUMNS = ["rank", "name", "total", "played", "counted", "average"] as const;
export type StandingsColumn = (typeof STANDINGS_COLUMNS)[number];
export const DEFAULT_STANDINGS_SORT: SortState<StandingsColumn> = { column: "rank", dir: "asc" };

const keys: Record<StandingsColumn, (p: PlayerStanding) => string | number> = {
  rank: (p) => p.rank,
  name: (p) => `${p.lastName} ${p.firstName}`,
  total: (p) => p.total,
  played: (p) => p.roundsPlayed,
  counted: (p) => p.roundsCounted,
  average: (p) => p.average,
};

/** The URL's sort (unknown columns fall back to rank). */
export const standingsSort = (params: URLSearchParams) => parseSort(params, STANDINGS_COLUMNS, DEFAULT_STANDINGS_SORT);

/** Players in the asked order; rank (then name) breaks ties so every request shows one order. */
export function sortStandings(players: readonly PlayerStanding[], { column, dir }: SortState<StandingsColumn>): PlayerStanding[] {
  const primary = compareBy(keys[column], dir);
  const byRank = compareBy(keys.rank, "asc");
  const byName = compareBy(keys.name, "asc");
  return [...players].sort((a, b) => primary(a, b) || byRank(a, b) || byName(a, b));
}

/** The first click on a column: names and ranks ascending, numbers high→low. */
export const standingsFirstDir = (column: StandingsColumn) => (column === "name" || column === "rank" ? "asc" : "desc");
