// The rule every league query's plan keeps (ADR 46), with no imports, so both the tests
// (tests/league-plans.ts, on the test database) and `npm run check:plans` (on a seeded
// database with the planner's statistics) judge plans by the same code.
//
// A step of a plan on a league table must reach its rows through an index led by
// `league_id`, or by the row's own primary key: never a scan of the table or of a whole index,
// a search by an index whose first column is not `league_id`, nor an automatic index. A table
// whose own primary key leads with its parent's id (a layout's holes, a pot's marks, a round's
// mail marks) may be searched by that key: the parent's id is unique across every league
// database, so the search reads that one parent's rows, all of its league.

/** The league tables, and for those whose primary key is composite, its first column. */
export type PlanTables = { leagueTables: readonly string[]; parentKeys: ReadonlyMap<string, string> };

const quoted = (name: string) => `["\`]?${name}["\`]?`;

/** The league table a plan's name stands for: the table itself, or an alias `sql` gives one. */
function tableOf(tables: PlanTables, sql: string, name: string): string | null {
  if (tables.leagueTables.includes(name)) return name;
  for (const table of tables.leagueTables) {
    const alias = new RegExp(`\\b${quoted(table)}\\s+(?:as\\s+)?${quoted(name)}(?=[\\s,)]|$)`, "i");
    if (alias.test(sql)) return table;
  }
  return null;
}

/** Whether one step of a plan reaches league table `table`'s rows by its league or its primary key. */
function byLeague(tables: PlanTables, table: string, detail: string): boolean {
  if (/AUTOMATIC/.test(detail)) return false;
  if (/^SEARCH \S+(?: AS \S+)?(?: EXISTS)? USING INTEGER PRIMARY KEY/.test(detail)) return true;
  const search = /^SEARCH \S+(?: AS \S+)?(?: EXISTS)? USING (?:COVERING )?(INDEX \S+|PRIMARY KEY) \((.*)\)(?: LEFT-JOIN)?$/.exec(detail);
  if (search === null) return false;
  const [, index = "", on = ""] = search;
  if (/^league_id[=><]/.test(on)) return true;
  const parent = tables.parentKeys.get(table);
  const ownKey = index === "PRIMARY KEY" || index === `INDEX sqlite_autoindex_${table}_1`;
  return parent !== undefined && ownKey && on.startsWith(`${parent}=`);
}

/** Whether `sql` is a statement SQLite can plan (not a pragma, not DDL). */
export const plannable = (sql: string) => /^\s*(select|with|insert|update|delete|replace)\b/i.test(sql);

/** The steps of `sql`'s plan (`details`, as EXPLAIN QUERY PLAN gives them) that break the rule, as "table: step". */
export function planFaults(tables: PlanTables, sql: string, details: readonly string[]): string[] {
  const faults: string[] = [];
  for (const detail of details) {
    const step = /^(?:SCAN|SEARCH) (\S+)/.exec(detail);
    if (!step) continue;
    const table = tableOf(tables, sql, step[1] ?? "");
    if (table !== null && !byLeague(tables, table, detail)) faults.push(`${table}: ${detail}`);
  }
  return faults;
}
