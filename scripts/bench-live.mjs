// `npm run bench:live [runs] [seconds]` (`BENCH_PORT=…`, default 8874; the floor takes the next
// port, the PayPal stand-in +1000): live scoring's load (docs/performance.md, "Live scoring").
// The built app as the e2e server serves it, and beside it a bare Worker + bare Durable Object
// (scripts/bench/live-bare/) that acks and broadcasts the same frames with no rules: each run
// plays one 150-player round on each (scripts/bench/live/load.mjs), the floor and the app
// alternating first. Then, on the app: every change acked once, every spectator saw every
// change, the log holds each change once, and the finalised scores equal the truth and a
// recount from the log.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { bin, quietEnv, run, runQuiet } from "./lib.mjs";
import { runLoad, truth } from "./bench/live/load.mjs";
import { recount } from "./bench/live/recount.mjs";

const runs = Number(process.argv[2] ?? 1);
const seconds = Number(process.argv[3] ?? 60);
const APP = Number(process.env.BENCH_PORT ?? 8874);
const BARE = APP + 1;
const STATE = ".bench-state/live-app";
const app = `http://localhost:${APP}`;
const bare = `http://localhost:${BARE}`;

function serve(cmd, args, env = {}) {
  const child = spawn(cmd, args, { env: { ...quietEnv(), ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  process.on("exit", () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  });
}

async function ready(url) {
  for (let i = 0; i < 1200; i++) {
    if ((await fetch(url).catch(() => null))?.status < 500) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

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
serve(bin("vite"), ["preview", "--config", "scripts/bench/live-bare/vite.config.ts", "--port", String(BARE), "--strictPort"]);
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

/** The app's run, checked end to end: what was sent, what the log holds, what finalising wrote. */
async function verify(round, load) {
  const log = [];
  for (let after = 0, more = true; more; ) {
    const page = await json(`/api/admin/live/${round.roundId}/log?after=${after}`, {}, admin);
    log.push(...page.changes);
    more = page.more;
    after = log.at(-1)?.seq ?? after;
  }
  const logged = new Map(log.map((c) => [c.changeId, 0]));
  for (const c of log) logged.set(c.changeId, logged.get(c.changeId) + 1);
  const sent = new Set(load.sentIds);
  const finalised = await json(
    `/api/admin/live/${round.roundId}/finalize`,
    { method: "POST", body: JSON.stringify({ confirmUnsigned: true }) },
    admin,
  );
  const scores = new Map((await json(`/api/entries/${round.roundId}`)).map((e) => [e.id, e.score]));
  const expected = new Map(
    round.cards.flatMap((card, c) =>
      card.entries.map((id, p) => [id, Array.from({ length: 18 }, (_, h) => truth(c, p, h + 1)).reduce((a, b) => a + b)]),
    ),
  );
  const counted = recount(log);
  const same = (a, b) => [...a].every(([id, total]) => b.get(id) === total) && a.size === b.size;
  return {
    lostOrDoubled: [...sent].filter((id) => logged.get(id) !== 1).length + log.filter((c) => !sent.has(c.changeId)).length,
    logLength: log.length,
    finalisedPlayers: finalised.players,
    finalEqualsTruth: same(expected, scores),
    finalEqualsRecount: same(counted.totals, scores),
    openDisagreements: counted.disagreements,
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const rows = [];
for (let r = 0; r < runs; r++) {
  const round = plan.rounds[r];
  const order = r % 2 === 0 ? ["bare", "app"] : ["app", "bare"];
  const got = {};
  for (const side of order) {
    process.stdout.write(`run ${r + 1}/${runs}: ${side}… `);
    got[side] = await runLoad({ origin: side === "app" ? app : bare, plan: round, tokens, seconds });
    process.stdout.write(`${got[side].frames} frames in ${got[side].scoredInSeconds.toFixed(1)} s\n`);
  }
  rows.push({ ...got, checks: await verify(round, got.app) });
}

const f = (n) => n.toFixed(1);
console.log(`\n${runs} run(s), ${seconds} s each, 38 cards × 18 holes × 2 phones, 200 spectators; ack latency in ms:\n`);
console.log("| run | side | frames | p50 | p95 | p99 | max | spectators who saw every change |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [i, row] of rows.entries()) {
  for (const side of ["app", "bare"]) {
    const l = row[side].latencies;
    console.log(
      `| ${i + 1} | ${side} | ${l.length} | ${f(pct(l, 50))} | ${f(pct(l, 95))} | ${f(pct(l, 99))} | ${f(Math.max(...l))} | ${row[side].spectatorsSawAll}/${row[side].spectators} |`,
    );
  }
  const [a, b] = [row.app.latencies, row.bare.latencies];
  console.log(
    `| ${i + 1} | app ÷ bare | | ${f(pct(a, 50) / pct(b, 50))}× | ${f(pct(a, 95) / pct(b, 95))}× | ${f(pct(a, 99) / pct(b, 99))}× | | |`,
  );
}
console.log("\nAck latency by hole (ms; hole 1's first frames start the cards, each with a D1 write):\n");
console.log("| run | side | hole 1 p50 / p95 | holes 2–18 p50 / p95 / p99 |");
console.log("| --- | --- | ---: | ---: |");
for (const [i, row] of rows.entries()) {
  for (const side of ["app", "bare"]) {
    const [first, ...rest] = row[side].byHole;
    const later = rest.flat();
    console.log(
      `| ${i + 1} | ${side} | ${f(pct(first, 50))} / ${f(pct(first, 95))} | ${f(pct(later, 50))} / ${f(pct(later, 95))} / ${f(pct(later, 99))} |`,
    );
  }
}
for (const [i, row] of rows.entries()) {
  const { app: a, checks } = row;
  console.log(`\nRun ${i + 1}, the app:`);
  console.log(
    `- changes acked: ${a.changes} in ${a.frames} frames; applied ${a.applied}; anything else: ${a.notApplied.length}; error frames: ${a.errors.length}`,
  );
  console.log(
    `- offline phone: ${a.offlinePhone.changes} changes, applied once in order: ${a.offlinePhone.appliedInOrder}; resent, all duplicates: ${a.offlinePhone.duplicatesOnResend}; ack ${f(a.offlinePhone.ackMs)} ms`,
  );
  console.log(`- spectators who saw every change (seq 1–${a.lastSeq}): ${a.spectatorsSawAll}/${a.spectators}`);
  console.log(
    `- lost or doubled in the log: ${checks.lostOrDoubled} (log: ${checks.logLength} changes); disagreements left: ${checks.openDisagreements}`,
  );
  console.log(
    `- finalised ${checks.finalisedPlayers} players: equal to the truth ${checks.finalEqualsTruth}, to the log's recount ${checks.finalEqualsRecount}`,
  );
}
process.exit(0);
