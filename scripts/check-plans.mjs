// `npm run check:plans [-- path/to/db.sqlite]`: every statement the vitest suite sends (the
// app's, as its tests drive it), planned against a seeded database that has the planner's
// statistics — by default the scale league beside 1,000 others that `npm run bench:leagues`
// leaves in .leagues-state/crowded — and judged by the rule the tests use
// (tests/plan-rule.ts, ADR 46): every step on a league table goes by an index led by
// `league_id` or by the row's own key. The test database has no statistics, and its plans
// can differ from a deployed one's; this run shows the searches they hide. Statements with
// no WHERE (the tests' own clean-ups and dumps) are left out. Exit 1 on a fault.
import { spawnSync } from "node:child_process";
import { globSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { planFaults, plannable } from "../tests/plan-rule.ts";
import { bin, quietEnv } from "./lib.mjs";

const path =
  process.argv[2] ??
  globSync(".leagues-state/crowded/v3/d1/miniflare-D1DatabaseObject/*.sqlite").find((f) => !f.endsWith("metadata.sqlite"));
if (!path) {
  console.error("No seeded database: run `npm run bench:leagues` first (it leaves .leagues-state/crowded), or name one.");
  process.exit(2);
}

console.log("Running the suite, printing every statement it sends…");
const run = spawnSync(bin("vitest"), ["run", "--reporter=dot"], {
  env: { ...quietEnv(), STATEMENT_DUMP: "1" },
  encoding: "utf8",
  maxBuffer: 1 << 30,
});
const statements = new Map();
for (const line of `${run.stdout}\n${run.stderr}`.split("\n")) {
  const at = line.indexOf("STATEMENT {");
  if (at < 0) continue;
  try {
    const s = JSON.parse(line.slice(at + "STATEMENT ".length));
    if (!statements.has(s.sql)) statements.set(s.sql, s);
  } catch {}
}

const db = new DatabaseSync(path, { readOnly: true });
const columns = (t) => db.prepare(`select name, pk from pragma_table_info('${t}')`).all();
// League tables: every table with a league_id but the deployment's memberships (ADR 47).
const leagueTables = db
  .prepare("select name from sqlite_master where type = 'table'")
  .all()
  .map((r) => r.name)
  .filter((t) => t !== "memberships" && columns(t).some((c) => c.name === "league_id"));
const parentKeys = new Map(
  leagueTables.flatMap((t) => {
    const key = columns(t).filter((c) => c.pk > 0);
    return key.length > 1 ? [[t, key.find((c) => c.pk === 1).name]] : [];
  }),
);

const faults = new Map();
let planned = 0;
for (const { sql, args } of statements.values()) {
  if (!plannable(sql) || !/\bwhere\b/i.test(sql)) continue;
  let plan;
  try {
    plan = db.prepare(`explain query plan ${sql}`).all(...args.map((a) => (typeof a === "boolean" ? Number(a) : a)));
  } catch {
    continue; // a statement of a table this database has not (a test's own)
  }
  planned += 1;
  for (const fault of planFaults(
    { leagueTables, parentKeys },
    sql,
    plan.map((r) => r.detail),
  )) {
    faults.set(fault, [...(faults.get(fault) ?? []), sql.replace(/\s+/g, " ").slice(0, 300)]);
  }
}
for (const [fault, sqls] of faults) {
  console.log(`\n${fault}`);
  for (const s of [...new Set(sqls)].slice(0, 3)) console.log(`    ${s}`);
}
console.log(`\n${statements.size} statements sent, ${planned} planned against ${path}: ${faults.size} faults.`);
process.exit(faults.size > 0 ? 1 : 0);
