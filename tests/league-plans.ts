import { env } from "cloudflare:workers";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { LEAGUE_TABLES, type Sent } from "./d1-recorder";
import * as schema from "~/.server/db/schema";

export type { Sent };

// Every league query's plan reaches a league table's rows through an index led by
// `league_id`, or by the row's own primary key (ADR 46): a statement of one league never
// walks the rows of the others. Given the statements a test recorded with their arguments,
// `leaguePlanFaults` asks SQLite for each one's plan and names every step on a league table
// that does otherwise: a scan of the table or of a whole index, a search by an index whose
// first column is not `league_id`, an automatic index. A table whose own primary key leads
// with its parent's id (a layout's holes, a pot's marks, a round's mail marks) may be
// searched by that key: the parent's id is unique across every league database, so the
// search reads that one parent's rows, all of its league (ADR 46).

const leagueTables = (Object.values(schema) as unknown[])
  .filter((t): t is SQLiteTable => is(t, SQLiteTable))
  .filter((t) => LEAGUE_TABLES.includes(getTableName(t)));

/** For each league table whose primary key is composite, the first column of that key. */
const PARENT_KEYS = new Map(
  leagueTables.flatMap((t) => {
    const key = getTableConfig(t).primaryKeys[0]?.columns[0]?.name;
    return key ? [[getTableName(t), key] as const] : [];
  }),
);

const quoted = (name: string) => `["\`]?${name}["\`]?`;

/** The league table a plan's name stands for: the table itself, or an alias `sql` gives one. */
function tableOf(sql: string, name: string): string | null {
  if (LEAGUE_TABLES.includes(name)) return name;
  for (const table of LEAGUE_TABLES) {
    const alias = new RegExp(`\\b${quoted(table)}\\s+(?:as\\s+)?${quoted(name)}(?=[\\s,)]|$)`, "i");
    if (alias.test(sql)) return table;
  }
  return null;
}

/** Whether one step of a plan reaches league table `table`'s rows by its league or its primary key. */
function byLeague(table: string, detail: string): boolean {
  if (/AUTOMATIC/.test(detail)) return false;
  if (/^SEARCH \S+(?: AS \S+)?(?: EXISTS)? USING INTEGER PRIMARY KEY/.test(detail)) return true;
  const search = /^SEARCH \S+(?: AS \S+)?(?: EXISTS)? USING (?:COVERING )?(INDEX \S+|PRIMARY KEY) \((.*)\)(?: LEFT-JOIN)?$/.exec(detail);
  if (search === null) return false;
  const [, index = "", on = ""] = search;
  if (/^league_id[=><]/.test(on)) return true;
  const parent = PARENT_KEYS.get(table);
  const ownKey = index === "PRIMARY KEY" || index === `INDEX sqlite_autoindex_${table}_1`;
  return parent !== undefined && ownKey && on.startsWith(`${parent}=`);
}

const isQuery = (sql: string) => /^\s*(select|with|insert|update|delete|replace)\b/i.test(sql);

/** Each recorded statement's plan steps on a league table that do not go by its league. */
export async function leaguePlanFaults(sent: readonly Sent[], db: D1Database = env.DB): Promise<string[]> {
  const faults = new Set<string>();
  const seen = new Set<string>();
  for (const { sql, args } of sent) {
    if (!isQuery(sql) || seen.has(sql)) continue;
    seen.add(sql);
    const plan = await db
      .prepare(`explain query plan ${sql}`)
      .bind(...args)
      .all<{ detail: string }>();
    for (const { detail } of plan.results) {
      const step = /^(?:SCAN|SEARCH) (\S+)/.exec(detail);
      if (!step) continue;
      const table = tableOf(sql, step[1] ?? "");
      if (table === null || byLeague(table, detail)) continue;
      faults.add(`${table}: ${detail}  ←  ${sql.replace(/\s+/g, " ").slice(0, 200)}`);
    }
  }
  return [...faults];
}
