// The /players-all table's columns, default sort and first click per column: kept apart from
// ./players-table.ts (sorting, filtering, paging; run in the loader) so the page's client code
// imports only these few constants, not the sorting code and the division list.
import type { SortDir, SortState } from "../shared/sort";

export const PLAYER_COLUMNS = ["name", "division", "rounds", "thisYear", "average", "currentAvg", "balance"] as const;
export type PlayerColumn = (typeof PLAYER_COLUMNS)[number];
export const DEFAULT_PLAYER_SORT: SortState<PlayerColumn> = { column: "name", dir: "asc" };

/** The first click on a column: names and divisions A→Z, numbers high→low. */
export const firstDir = (column: PlayerColumn): SortDir => (column === "name" || column === "division" ? "asc" : "desc");
