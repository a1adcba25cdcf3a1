import { env } from "cloudflare:workers";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { LEAGUE_TABLES, type Sent } from "./d1-recorder";
import { type PlanTables, planFaults, plannable } from "./plan-rule";
import * as schema from "~/.server/db/schema";

export type { Sent };

// Every league query's plan reaches a league table's rows through an index led by
// `league_id`, or by the row's own primary key (ADR 46; the rule: ./plan-rule.ts). Given the
// statements a test recorded with their arguments, `leaguePlanFaults` asks SQLite for each
// one's plan and names every step on a league table that breaks the rule.

const leagueTables = (Object.values(schema) as unknown[])
  .filter((t): t is SQLiteTable => is(t, SQLiteTable))
  .filter((t) => LEAGUE_TABLES.includes(getTableName(t)));

const TABLES: PlanTables = {
  leagueTables: LEAGUE_TABLES,
  parentKeys: new Map(
    leagueTables.flatMap((t) => {
      const key = getTableConfig(t).primaryKeys[0]?.columns[0]?.name;
      return key ? [[getTableName(t), key] as const] : [];
    }),
  ),
};

/** Each recorded statement's plan steps on a league table that do not go by its league. */
export async function leaguePlanFaults(sent: readonly Sent[], db: D1Database = env.DB): Promise<string[]> {
  const faults = new Set<string>();
  const seen = new Set<string>();
  for (const { sql, args } of sent) {
    if (!plannable(sql) || seen.has(sql)) continue;
    seen.add(sql);
    const plan = await db
      .prepare(`explain query plan ${sql}`)
      .bind(...args)
      .all<{ detail: string }>();
    for (const fault of planFaults(
      TABLES,
      sql,
      plan.results.map((r) => r.detail),
    ))
      faults.add(`${fault}  ←  ${sql.replace(/\s+/g, " ").slice(0, 200)}`);
  }
  return [...faults];
}
