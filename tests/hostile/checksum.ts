// A checksum of every table in app/.server/db/schema.ts: all rows, in primary-key order,
// hashed with SHA-256. Taken before and after a batch of refused requests, it proves the
// batch wrote nothing, whichever table a bug might have written to.
import { env } from "cloudflare:workers";
import { is } from "drizzle-orm";
import { SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import * as schema from "~/.server/db/schema";

/**
 * Tables a refused request may legitimately write, left out of the checksum:
 * - rate_limits: the abuse limits (ADR 7) count a refused login, a wrong current password
 *   or a reset request before the work they guard, so a refusal moves a counter by design.
 * Every other table is in the checksum: page_cache_keys (the page cache is off in tests,
 * and refusals are never cached), revoked_sessions (only a logout writes it),
 * webhook_events (only a verified webhook), write_guards (never holds a row).
 */
export const BOOKKEEPING_TABLES = new Set(["rate_limits"]);

/** Every table of the schema: its name and the columns its rows are ordered by. */
export function schemaTables(): { name: string; orderBy: string[] }[] {
  return Object.values(schema)
    .flatMap((value) => (is(value, SQLiteTable) ? [value] : []))
    .map((table) => {
      const config = getTableConfig(table);
      const single = config.columns.filter((c) => c.primary).map((c) => c.name);
      const composite = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
      // write_guards has no primary key (and never a row): its rowid orders it.
      const orderBy = single.length ? single : composite.length ? composite : ["rowid"];
      return { name: config.name, orderBy };
    });
}

/** The tables the database holds, but SQLite's and D1's own. */
export async function databaseTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
  ).all<{ name: string }>();
  return results.map((r) => r.name).sort();
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Each checked table's row count and SHA-256 of all its rows: `{ players: "12:ab34…" }`. */
export async function checksums(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name, orderBy } of schemaTables()) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const order = orderBy.map((c) => `"${c}"`).join(", ");
    const [columns, ...rows] = await env.DB.prepare(`select * from "${name}" order by ${order}`).raw({ columnNames: true });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify({ columns, rows })));
    out[name] = `${rows.length}:${hex(digest)}`;
  }
  return out;
}
