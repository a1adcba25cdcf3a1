import { type SQL, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { type AnySQLiteColumn, SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

/**
 * The query builder over one D1 binding (each request has its own: a D1 session), bound to
 * the request's league (ADR 46): a service cannot be called without one, and every query of
 * a league table names it (`inLeague`), every row it makes carries it. No `schema` option:
 * that is for drizzle's relational `db.query` API, which the app does not use, and drizzle
 * walks every table of it on each call (most of this function's cost, every request).
 */
export function getDb(d1: D1Database, leagueId: number) {
  return Object.assign(drizzle(d1), { leagueId });
}

/** The request's league as a condition on a league table (ADR 46). */
export const inLeague = (db: Db, table: { leagueId: AnySQLiteColumn }) => eq(table.leagueId, db.leagueId);

export type Db = ReturnType<typeof getDb>;

/** The rows a list of unrun reads answers, in order: what `Promise.all` or a batch of them gives (ADR 41). */
export type RowsOf<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };

/** The database's own clock, in epoch seconds, as a value a write sets: the moment D1 runs it. */
export const dbNow = sql`(unixepoch())`;

const dialect = new SQLiteAsyncDialect();
type Rows<T> = { [K in keyof T]: T[K][] };

/**
 * Raw SELECTs read in one D1 batch: one transaction, so they all see the same moment.
 * (drizzle's own batch takes query builders only, not `db.all(sql)`.) Each query's rows,
 * in order; the row types are the caller's word, as with `db.all<T>`.
 */
export async function readTogether<T extends unknown[]>(db: Db, queries: { [K in keyof T]: SQL }): Promise<Rows<T>> {
  const d1 = db.$client;
  const statements = queries.map((q) => {
    const { sql, params } = dialect.sqlToQuery(q);
    return d1.prepare(sql).bind(...params);
  });
  const results = await d1.batch(statements);
  return results.map((r) => r.results) as Rows<T>;
}

/**
 * The text of a unique-index violation ("UNIQUE constraint failed: claims.player_id"),
 * or null for any other error. drizzle wraps D1's error in its own ("Failed query: …"),
 * so the cause chain is searched, not just the outer message.
 */
export function uniqueViolation(err: unknown): string | null {
  return errorMessageWith(err, "UNIQUE constraint failed");
}

/** True when `err` is the named CHECK constraint failing (a write guard, ADR 14). */
export function checkFailed(err: unknown, constraint: string): boolean {
  return errorMessageWith(err, `CHECK constraint failed: ${constraint}`) !== null;
}

/** True when `err` is a trigger's RAISE(ABORT, `message`). */
export function raisedBy(err: unknown, message: string): boolean {
  return errorMessageWith(err, message) !== null;
}

/** True when `err` is a foreign key failing: a row named by id that another write removed meanwhile. */
export function foreignKeyFailed(err: unknown): boolean {
  return errorMessageWith(err, "FOREIGN KEY constraint failed") !== null;
}

function errorMessageWith(err: unknown, text: string): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = String((e as Error).message ?? e);
    if (message.includes(text)) return message;
  }
  return null;
}
