import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

// A versioned table's list of the columns whose change bumps its version (ADR 20, ADR 44).
// Its trigger is generated from this list (`npm run db:triggers`), and
// tests/db/version-triggers.test.ts fails when the migrated trigger or the table's columns
// drift from it. Keys are the drizzle properties, so a renamed column fails the typecheck,
// and every other column must be named in `notVersioned` with the reason it bumps nothing.

type ColumnKey<T extends SQLiteTable> = keyof T["_"]["columns"] & string;

/** The list resolved to SQL names: what the trigger generator and the drift test read. */
export interface VersionColumns {
  table: string;
  /** The trigger's name: `<table>_<version column>`. */
  trigger: string;
  /** The column the trigger bumps. */
  version: string;
  /** The primary key the trigger's UPDATE finds the row by. */
  id: string;
  /** The columns whose change bumps the version, in the trigger's order. */
  bumps: string[];
  /** Every other column (the version itself aside), with why a change of it bumps nothing. */
  notVersioned: Record<string, string>;
}

export function versionColumns<T extends SQLiteTable, V extends ColumnKey<T>, B extends ColumnKey<T>>(
  table: T,
  spec: { version: V; bumps: readonly B[]; notVersioned: Record<Exclude<ColumnKey<T>, V | B>, string> },
): VersionColumns {
  const columns: Record<string, { name: string; primary: boolean }> = getTableColumns(table);
  const sqlName = (key: string) => columns[key].name;
  const primary = Object.values(columns).filter((c) => c.primary);
  if (primary.length !== 1) throw new Error(`${getTableName(table)}: a versioned table needs one primary key column`);
  const version = sqlName(spec.version);
  return {
    table: getTableName(table),
    trigger: `${getTableName(table)}_${version}`,
    version,
    id: primary[0].name,
    bumps: spec.bumps.map(sqlName),
    notVersioned: Object.fromEntries(Object.entries<string>(spec.notVersioned).map(([key, why]) => [sqlName(key), why])),
  };
}
