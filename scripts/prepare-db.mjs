// Applies migrations to the local D1 and seeds the demo league when it is empty. With
// --reseed (npm run db:seed) or --scale (npm run seed:scale) it first deletes the local
// D1, the local page cache and the live rounds' Durable Objects (ADR 26: their entry and
// round ids would name another league's rows), so a reseeded database is always exactly the migrations'
// schema (deleting rows table by table would miss new tables, and cannot touch the
// append-only audit_log: ADR 20). LEAGUE_PERSIST points it at another local state folder.
// The logins come last: `npm start` prints its address right after them.
import "./check-node.mjs"; // first: lib.mjs and the tools need Node ≥ 22.22
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const { bin, ensureDevVars, localD1Flags, localPersistRoot, quietEnv, run, runQuiet } = await import("./lib.mjs");

// --scale: the scale league (README, "Measured") instead of the demo league.
const scale = process.argv.includes("--scale");
const reseed = process.argv.includes("--reseed") || scale;
const d1 = localD1Flags();

function query(sql) {
  const res = spawnSync(bin("wrangler"), ["d1", "execute", "DB", ...d1, "--json", "--command", sql], { env: quietEnv(), encoding: "utf8" });
  if (res.status !== 0) throw new Error(res.stderr || res.stdout);
  return JSON.parse(res.stdout)[0].results[0];
}

/**
 * What an existing database holds, in one `wrangler d1 execute`: which league (told apart by
 * the seeds' own accounts) and the migrations recorded as applied; null when it cannot say
 * (no tables yet: a folder left by a run stopped half-way).
 */
function inDatabase() {
  try {
    const row = query(
      "select (select count(*) from players) as players, " +
        "exists(select 1 from users where email = 'scale1@league.test') as scale, " +
        "exists(select 1 from users where email = 'player1@league.test') as demo, " +
        "(select json_group_array(name) from d1_migrations) as applied",
    );
    const league = row.players === 0 ? "empty" : row.scale ? "scale" : row.demo ? "demo" : "own";
    return { league, applied: new Set(JSON.parse(row.applied)) };
  } catch {
    return null;
  }
}

ensureDevVars();
if (reseed) {
  // Stop `npm start` / `npm run dev` first: they hold these files open.
  const root = localPersistRoot();
  rmSync(join(root, "v3", "d1"), { recursive: true, force: true });
  rmSync(join(root, "v3", "cache"), { recursive: true, force: true });
  rmSync(join(root, "v3", "do"), { recursive: true, force: true });
  console.log(`Deleted the local D1, page cache and live rounds under ${root}; creating them anew.`);
}
// A D1 that does not exist yet is made with one `wrangler d1 execute`: each migration's SQL
// followed by its row in d1_migrations (what `wrangler d1 migrations apply` runs for each
// file, so a later apply finds them all applied), then the demo league. Applying them one by
// one starts workerd once per migration (~0.6 s each, 19 migrations: 12 of prepare's 20 s).
// An existing one gets the migrations it lacks, through wrangler as on a deploy; when it has
// them all (every start but the first after a pull), that is not asked again: each
// `wrangler d1` call starts workerd (~3 CPU s).
const fresh = !existsSync(join(localPersistRoot(), "v3", "d1"));
const held = fresh ? null : inDatabase();
const pending = migrationNames().filter((name) => !held?.applied.has(name));
if (!fresh && pending.length > 0) run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...d1]);

const league = fresh ? "empty" : (pending.length === 0 ? held : inDatabase())?.league;
if (!league) {
  console.error(`\nThe local D1 under ${localPersistRoot()} could not be read; \`npm run db:seed\` makes it anew (what it holds is lost).`);
  process.exit(1);
}
if (league === "empty") {
  // Beside the database it fills: the e2e server and `npm start` may prepare theirs at once.
  const seedFile = join(localPersistRoot(), "seed.sql");
  mkdirSync(localPersistRoot(), { recursive: true });
  // wrangler answers a --file with one JSON result per statement: shown only if it fails.
  // LEAGUE_SEED_NOW (epoch seconds) pins the seed's "now": the read walk (scripts/read-walk.mjs)
  // seeds the same league on every run of a day, so two of its records can be compared.
  const pinned = process.env.LEAGUE_SEED_NOW ? ["--now", process.env.LEAGUE_SEED_NOW] : [];
  const summary = runQuiet(bin("tsx"), ["scripts/seed.ts", "--out", seedFile, ...(scale ? ["--scale"] : []), ...pinned]);
  if (fresh) {
    writeFileSync(seedFile, `${migrationsSql()}\n${readFileSync(seedFile, "utf8")}`);
    console.log("Created the local D1 with every migration applied.");
  }
  runQuiet(bin("wrangler"), ["d1", "execute", "DB", ...d1, "--file", seedFile]);
  process.stdout.write(`\nSeeded the local D1 with the ${scale ? "scale" : "demo"} league.\n${summary}`);
} else if (league === "own") {
  console.log("\nLocal D1 already has a league of its own (no demo accounts); `npm run db:seed` replaces it with the demo league.");
} else {
  console.log(`\nLocal D1 already has the ${league} league; \`npm run db:seed\` replaces it with a fresh demo league.`);
  run(bin("tsx"), ["scripts/seed.ts", "--logins", ...(league === "scale" ? ["--scale"] : [])]);
}

/** The migrations' file names, in the order they apply. */
function migrationNames() {
  return readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Every migration in order, each with the row `wrangler d1 migrations apply` records for it (its table and columns). */
function migrationsSql() {
  const names = migrationNames();
  const table = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
  const each = names.map(
    (name) => `${readFileSync(join("migrations", name), "utf8")}\nINSERT INTO "d1_migrations" (name) values ('${name}');`,
  );
  return [table, ...each].join("\n");
}
