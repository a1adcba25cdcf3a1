import { SQL, getTableColumns, is, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

// An `insert … select` whose rows come from other tables (a give-back transfer for each
// payment with money left; a cash payment for an entry that still exists): the rule is
// then checked by the statement that writes, at the moment it writes (ADR 12), instead of
// by a read made before. drizzle wants the select's fields to be the table's columns in
// the table's order; this builds them from the columns given, the rest taking their
// default (or null), so a column added to a table later needs no change here.

type Field = SQL | SQLiteColumn;
type Values<T extends SQLiteTable> = Partial<Record<keyof T["$inferInsert"], Field>>;

function defaultOf(column: SQLiteColumn): SQL {
  const d = column.default;
  if (is(d, SQL)) return d;
  if (d === undefined || d === null) return sql`null`;
  return typeof d === "boolean" ? sql.raw(d ? "1" : "0") : sql`${d}`;
}

/**
 * The fields of a select that yields rows of `table` in league `leagueId` (a league table's
 * `league_id`, ADR 46): `values` where given, each other column's default.
 */
export function rowOf<T extends SQLiteTable>(leagueId: number, table: T, values: Values<T>): Record<keyof T["_"]["columns"], Field> {
  const given = { leagueId: sql`${leagueId}`, ...values } as Record<string, Field | undefined>;
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, given[key] ?? defaultOf(column)])) as Record<
    keyof T["_"]["columns"],
    Field
  >;
}
