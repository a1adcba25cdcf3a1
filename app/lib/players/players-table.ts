// The /players-all table's view of the URL: which column it is sorted by, which players
// it shows and which page of them (`?sort=&dir=&division=&name=&page=`). Anything the page
// does not know falls back to the default (all players, by name, page 1), so a bad link
// never breaks it.
import { divisionRank, divisionsPresent } from "./divisions";
import { type Page, offsetOf, pageOf, pageParam } from "../shared/paging";
import { type SortState, compareBy, parseSort } from "../shared/sort";

import { DEFAULT_PLAYER_SORT, PLAYER_COLUMNS, type PlayerColumn } from "./player-columns";
import { fullName } from "./player-name";

export { DEFAULT_PLAYER_SORT, PLAYER_COLUMNS, type PlayerColumn, firstDir } from "./player-columns";
/** Rows a page: 2,000 players in one table made a 643 KB page. */
export const PLAYERS_PAGE_SIZE = 100;

/** The fields of a player the table sorts and filters on. */
export type PlayerListRow = {
  id: number;
  firstName: string;
  lastName: string;
  division: string;
  roundCount: number;
  roundCountYear: number;
  average: number | null;
  thisYearAverage: number | null;
  /** Null where the league's setting hides it from the viewer (the column is then left out). */
  balanceCents: number | null;
};

type Key = (p: PlayerListRow) => string | number | null;
const keys: Record<PlayerColumn, Key> = {
  name: (p) => p.lastName,
  division: (p) => divisionRank(p.division),
  rounds: (p) => p.roundCount,
  thisYear: (p) => p.roundCountYear,
  average: (p) => p.average,
  currentAvg: (p) => p.thisYearAverage,
  balance: (p) => p.balanceCents,
};

const byName = [compareBy<PlayerListRow>((p) => p.lastName, "asc"), compareBy<PlayerListRow>((p) => p.firstName, "asc")];

/**
 * Players in the table's order: by the column (nulls last either way), then by last and
 * first name, then by id, so equal rows keep one stable order on every request.
 */
export function sortPlayers<T extends PlayerListRow>(list: readonly T[], { column, dir }: SortState<PlayerColumn>): T[] {
  const chain = [compareBy(keys[column], dir)];
  // A name sort reversed reverses the first name too (Z→A all the way down).
  if (column === "name") chain.push(compareBy<PlayerListRow>((p) => p.firstName, dir));
  else chain.push(...byName);
  chain.push((a, b) => a.id - b.id);
  return [...list].sort((a, b) => {
    for (const compare of chain) {
      const c = compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** Words of a name filter: trimmed, at most 50 characters and 5 words, lower case. */
export function nameWords(raw: string | null): string[] {
  return (raw ?? "").slice(0, 50).trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/** Players whose "first last" contains every word (case-insensitive), in the given division if any. */
export function filterPlayers<T extends PlayerListRow>(list: readonly T[], division: string | null, words: string[]): T[] {
  if (!division && words.length === 0) return [...list];
  return list.filter((p) => {
    if (division && p.division !== division) return false;
    const name = fullName(p).toLowerCase();
    return words.every((w) => name.includes(w));
  });
}

export type PlayersView<T> = {
  /** This page's rows of the sorted, filtered list. */
  players: T[];
  /** Every player, and those the filters keep (paging counts these). */
  total: number;
  paging: Page;
  sort: SortState<PlayerColumn>;
  division: string | null;
  name: string;
  divisions: string[];
};

/** The rows and the state of the table for these URL parameters. */
export function playersView<T extends PlayerListRow>(
  all: readonly T[],
  params: URLSearchParams,
  pageSize = PLAYERS_PAGE_SIZE,
): PlayersView<T> {
  const divisions = divisionsPresent(all.map((p) => p.division));
  const askedDivision = params.get("division");
  const division = askedDivision && divisions.includes(askedDivision) ? askedDivision : null;
  const name = (params.get("name") ?? "").slice(0, 50).trim();
  const words = nameWords(name);
  const sort = parseSort(params, PLAYER_COLUMNS, DEFAULT_PLAYER_SORT);
  const matched = filterPlayers(all, division, words);
  const page = pageParam(params) ?? 1;
  const from = offsetOf(page, pageSize);
  return {
    players: sortPlayers(matched, sort).slice(from, from + pageSize),
    total: all.length,
    paging: pageOf(page, pageSize, matched.length),
    sort,
    division,
    name,
    divisions,
  };
}
