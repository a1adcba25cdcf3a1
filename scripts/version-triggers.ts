// `npm run db:triggers [-- --print | --force]`
// Writes the version triggers (ADR 20, ADR 44) from the lists of versioned columns in
// app/.server/db/versioned.ts as a new migration, made by drizzle-kit's custom migration so
// its journal and snapshot stay right. drizzle-kit's plain `generate` runs first: a custom
// migration snapshots the schema as it is, so a column added to a table but not yet
// migrated would otherwise never get its ALTER TABLE. When the migrations already create
// exactly these triggers, nothing is written (--force writes them anyway); --print only
// prints the SQL.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { versionTriggerSql, versionTriggersMigration } from "../app/.server/db/version-triggers";
import { VERSIONED } from "../app/.server/db/versioned";

const MIGRATIONS = "migrations";
const NAME = "version_triggers";
const { values } = parseArgs({ options: { print: { type: "boolean", default: false }, force: { type: "boolean", default: false } } });

const migration = versionTriggersMigration(VERSIONED);
if (values.print) {
  process.stdout.write(migration);
  process.exit(0);
}

const tags = (): string[] =>
  JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")).entries.map((e: { tag: string }) => e.tag);
const sqlOf = (tag: string) => readFileSync(join(MIGRATIONS, `${tag}.sql`), "utf8");

/** The trigger as the migrations leave it: its last CREATE, in the journal's order. */
function lastCreated(trigger: string): string | undefined {
  const create = new RegExp(`CREATE TRIGGER \`${trigger}\`[\\s\\S]*?\\nEND`, "g");
  return tags()
    .flatMap((tag) => [...sqlOf(tag).matchAll(create)].map((m) => m[0]))
    .at(-1);
}

const stale = VERSIONED.filter((v) => lastCreated(v.trigger) !== versionTriggerSql(v));
if (stale.length === 0 && !values.force) {
  console.log("The migrations already create these version triggers: nothing written (--force writes them anyway).");
  process.exit(0);
}

function drizzleKit(...args: string[]) {
  const run = spawnSync(join("node_modules", ".bin", "drizzle-kit"), args, { stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

drizzleKit("generate");
const before = tags().length;
drizzleKit("generate", "--custom", "--name", NAME);
const all = tags();
const tag = all.at(-1);
const file = join(MIGRATIONS, `${tag}.sql`);
// Only ever fill the empty file drizzle-kit has just made, never an existing migration.
if (all.length !== before + 1 || !tag?.endsWith(`_${NAME}`) || !sqlOf(tag).startsWith("-- Custom SQL migration file")) {
  console.error(`✗ drizzle-kit made no new empty ${NAME} migration; nothing written.`);
  process.exit(1);
}
writeFileSync(file, migration);
const changed = stale.map((v) => v.trigger).join(", ") || "none (--force)";
console.log(`✓ ${file}: the version triggers (changed: ${changed}). Apply it: npm run db:migrate:local`);
