// `npm run bench:live [runs] [seconds]` (`BENCH_PORT=…`, default 8874; the floor takes the next
// port, the PayPal stand-in +1000; `LIVE_FLOOD=0` for no flood): live scoring's load
// (docs/performance.md, "Live scoring"). The built app as the e2e server serves it, and beside
// it a bare Worker + bare Durable Object (scripts/bench/live-bare/) that acks and broadcasts
// the same frames with no rules: each run plays one 150-player round on each
// (scripts/bench/live/load.mjs) under the same abuser's flood (scripts/bench/live/flood.mjs),
// the floor and the app alternating first. Then, on the app: every change acked once, every
// spectator saw every change, the log holds each change once, and the finalised scores equal
// the truth and a recount from the log.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { bin, run, runQuiet, serveInGroup as serve, waitForServer as ready } from "./lib.mjs";
import { runLoad } from "./bench/live/load.mjs";
import { report } from "./bench/live/report.mjs";
import { verify } from "./bench/live/verify.mjs";

const runs = Number(process.argv[2] ?? 1);
const seconds = Number(process.argv[3] ?? 60);
const flooded = process.env.LIVE_FLOOD !== "0";
const APP = Number(process.env.BENCH_PORT ?? 8874);
const BARE = APP + 1;
const STATE = ".bench-state/live-app";
const app = `http://localhost:${APP}`;
const bare = `http://localhost:${BARE}`;

/** The app's JSON answer; on a loaded machine the local server may drop a request (a 5xx page): tried again. */
async function json(path, init = {}, token) {
  const headers = { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${app}${path}`, { ...init, headers }).catch((err) => err);
    if (res instanceof Response && res.status < 500) {
      const body = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      return body;
    }
    if (attempt === 5) throw new Error(`${path}: ${res instanceof Response ? res.status : res}`);
    await new Promise((r) => setTimeout(r, 1000 * attempt));
  }
}

console.log("Building, seeding and starting the app and the floor (a few minutes)…");
mkdirSync(".bench-state", { recursive: true });
serve(process.execPath, ["scripts/e2e-server.mjs", String(APP)], { LEAGUE_PERSIST: STATE });
await ready(`${app}/api/ace`);
runQuiet(bin("tsx"), ["scripts/bench/live/fixture.ts", ".bench-state/live.sql", ".bench-state/live-plan.json", String(runs)]);
runQuiet(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", ".bench-state/live.sql"]);
run(bin("vite"), ["build", "--config", "scripts/bench/live-bare/vite.config.ts"]);
rmSync(".bench-state/live-bare-state", { recursive: true, force: true }); // a fresh object each run
serve(process.execPath, ["scripts/serve-build.mjs", String(BARE), ".bench-state/live-bare-build/bench_live_bare/wrangler.json"], {
  LEAGUE_PERSIST: ".bench-state/live-bare-state",
});
await ready(bare);

const plan = JSON.parse(readFileSync(".bench-state/live-plan.json", "utf8"));
const tokens = new Map();
const logins = plan.rounds.flatMap((r) => r.cards.flatMap((c) => c.phones.map((p) => p.email)));
for (let i = 0; i < logins.length; i += 2) {
  await Promise.all(
    logins.slice(i, i + 2).map(async (email) => {
      tokens.set(
        email,
        (await json("/api/users/login", { method: "POST", body: JSON.stringify({ email, password: plan.password }) })).token,
      );
    }),
  );
}
const admin = (
  await json("/api/admin/login", { method: "POST", body: JSON.stringify({ username: "admin@league.test", password: "LeagueAdmin2026" }) })
).token;

const rows = [];
for (let r = 0; r < runs; r++) {
  const round = plan.rounds[r];
  const order = r % 2 === 0 ? ["bare", "app"] : ["app", "bare"];
  const got = {};
  const flood = flooded ? tokens.get(round.cards[1].phones[2].email) : null;
  for (const side of order) {
    process.stdout.write(`run ${r + 1}/${runs}: ${side}… `);
    const before = loadavg()[0];
    got[side] = await runLoad({ origin: side === "app" ? app : bare, plan: round, tokens, seconds, flood });
    got[side].load = [before, loadavg()[0]];
    process.stdout.write(`${got[side].frames} frames in ${got[side].scoredInSeconds.toFixed(1)} s\n`);
  }
  rows.push({ ...got, checks: await verify((path, init) => json(path, init, admin), round, got.app) });
}

report(rows, runs, seconds);
process.exit(0);
