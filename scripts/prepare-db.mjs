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

/** Which league the database holds, told apart by the seeds' own accounts. */
function leagueInDatabase() {
  const row = query(
    "select (select count(*) from players) as players, " +
      "exists(select 1 from users where email = 'scale1@league.test') as scale, " +
      "exists(select 1 from users where email = 'player1@league.test') as demo",
  );
  if (row.players === 0) return "empty";
  return row.scale ? "scale" : row.demo ? "demo" : "own";
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
const fresh = !existsSync(join(localPersistRoot(), "v3", "d1"));
if (!fresh) run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...d1]);

const league = fresh || reseed ? "empty" : leagueInDatabase();
if (league === "empty") {
  // Beside the database it fills: the e2e server and `npm start` may prepare theirs at once.
  const seedFile = join(localPersistRoot(), "seed.sql");
  mkdirSync(localPersistRoot(), { recursive: true });
  // wrangler answers a --file with one JSON result per statement: shown only if it fails.
  const summary = runQuiet(bin("tsx"), ["scripts/seed.ts", "--out", seedFile, ...(scale ? ["--scale"] : [])]);
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

/** Every migration in order, each with the row `wrangler d1 migrations apply` records for it (its table and columns). */
function migrationsSql() {
  const names = readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort();
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
