// One league's rows, hashed: every table of the schema with a league_id column (the league
// tables of workers/league-guard.ts's split, and memberships), each read where league_id is
// the league's, in its primary key's order, plus the league's own row. A table added to the
// schema is in it without a line here.
import { env } from "cloudflare:workers";
import { is } from "drizzle-orm";
import { SQLiteTable, getTableConfig } from "drizzle-orm/sqlite-core";
import { schemaTables } from "../hostile/checksum";
import * as schema from "~/.server/db/schema";

/** The schema's tables that carry a league_id, with the columns their rows are ordered by. */
export const LEAGUE_ROW_TABLES = (() => {
  const withLeague = new Set(
    Object.values(schema)
      .flatMap((value) => (is(value, SQLiteTable) ? [getTableConfig(value)] : []))
      .filter((config) => config.columns.some((c) => c.name === "league_id"))
      .map((config) => config.name),
  );
  return schemaTables().filter((t) => withLeague.has(t.name));
})();

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Each league table's row count and SHA-256 of the league's rows: `{ players: "8:ab34…", leagues: "1:…" }`. */
export async function leagueChecksums(leagueId: number): Promise<Record<string, string>> {
  const reads = [
    ...LEAGUE_ROW_TABLES.map(({ name, orderBy }) =>
      env.DB.prepare(`select * from "${name}" where league_id = ? order by ${orderBy.map((c) => `"${c}"`).join(", ")}`).bind(leagueId),
    ),
    env.DB.prepare("select * from leagues where id = ?").bind(leagueId),
  ];
  const names = [...LEAGUE_ROW_TABLES.map((t) => t.name), "leagues"];
  const results = await env.DB.batch<Record<string, unknown>>(reads);
  const out: Record<string, string> = {};
  for (const [i, name] of names.entries()) {
    const rows = results[i]?.results ?? [];
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(rows)));
    out[name] = `${rows.length}:${hex(digest)}`;
  }
  return out;
}
