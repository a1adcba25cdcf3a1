// Applies migrations to the local D1 and seeds the demo league when it is empty
// (or always, with --reseed). LEAGUE_PERSIST points it at another local state folder.
// The demo logins come last: `npm start` prints its address right after them.
import "./check-node.mjs"; // first: lib.mjs and the tools need Node ≥ 22.22
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";

const { bin, ensureDevVars, localD1Flags, quietEnv, run, runQuiet } = await import("./lib.mjs");

// --scale (npm run seed:scale): the scale league of issue 12 instead of the demo league.
const scale = process.argv.includes("--scale");
const reseed = process.argv.includes("--reseed") || scale;
const d1 = localD1Flags();

ensureDevVars();
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...d1]);

function playerCount() {
  const res = spawnSync(bin("wrangler"), ["d1", "execute", "DB", ...d1, "--json", "--command", "select count(*) as n from players"], {
    env: quietEnv(),
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(res.stderr || res.stdout);
  return JSON.parse(res.stdout)[0].results[0].n;
}

if (reseed || playerCount() === 0) {
  mkdirSync(".wrangler", { recursive: true });
  if (reseed) {
    // Children before parents, so foreign keys hold at every step.
    const tables = [
      "entries",
      "payments",
      "aces",
      "transfers",
      "claims",
      "password_resets",
      "rate_limits",
      "webhook_events",
      "users",
      "rounds",
      "players",
    ];
    runQuiet(bin("wrangler"), ["d1", "execute", "DB", ...d1, "--command", tables.map((t) => `delete from ${t};`).join(" ")]);
  }
  // wrangler answers a --file with one JSON result per statement: shown only if it fails.
  const summary = runQuiet(bin("tsx"), ["scripts/seed.ts", "--out", ".wrangler/seed.sql", ...(scale ? ["--scale"] : [])]);
  runQuiet(bin("wrangler"), ["d1", "execute", "DB", ...d1, "--file", ".wrangler/seed.sql"]);
  process.stdout.write(`\nSeeded the local D1 with the ${scale ? "scale" : "demo"} league.\n${summary}`);
} else {
  console.log("\nLocal D1 already has a league; `npm run db:seed` replaces it with the demo league.");
  run(bin("tsx"), ["scripts/seed.ts", "--logins"]);
}
