// `npm run bench:push-round [runs]` (`BENCH_PORT=…`, default 8876; the floor takes the next
// port, the push stand-in the app's +1001): cards published to a 150-player round, every
// player with a subscribed phone (docs/performance.md, "Cards published to 150 phones").
// The built app as the e2e server serves it, with the push stand-in beside it, and a bare
// Worker (scripts/bench/push-bare/) that POSTs as many pushes to the same stand-in with no
// rules. Each run publishes a fresh round's cards as the admin and times, from the publish
// to the last push the stand-in accepted; then checks every phone got exactly one push, that
// each decrypts to its own card, and that a push the stand-in failed once is retried by the
// queue with the same Topic. The floor is timed the same way; the report is their ratio.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run, runQuiet, serveInGroup as serve, waitForServer as ready } from "./lib.mjs";

const runs = Number(process.argv[2] ?? 3);
const APP = Number(process.env.BENCH_PORT ?? 8876);
const BARE = APP + 1;
const STANDIN = `http://127.0.0.1:${APP + 1001}`;
const STATE = ".bench-state/push-app";
const app = `http://localhost:${APP}`;
const bare = `http://localhost:${BARE}`;
const LIMIT_MS = 10_000;

/** A zone where it is day now (08:00–21:59), so no push waits for the quiet hours (ADR 49): the league's own if it is. */
function dayZone() {
  const zones = ["America/Chicago", "Europe/London", "Asia/Tokyo", "Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata"];
  const hour = (tz) => Number(new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((tz) => hour(tz) >= 8 && hour(tz) < 21) ?? "America/Chicago";
}

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, headers: { "Content-Type": "application/json", ...(init.headers ?? {}) } });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Polls the stand-in until `count` pushes whose subscription starts with `prefix` are in; the ms it took from `since`. */
async function accepted(prefix, count, since) {
  for (;;) {
    const all = await json(`${STANDIN}/standin/pushes`);
    const mine = all.pushes.filter((p) => p.subscriptionId.startsWith(prefix));
    if (mine.length >= count) return { ms: Math.max(...mine.map((p) => p.receivedAt)) - since, pushes: mine };
    if (Date.now() - since > 60_000) throw new Error(`only ${mine.length} of ${count} pushes after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

console.log("Building, seeding and starting the app, the push stand-in and the floor (a few minutes)…");
mkdirSync(".bench-state", { recursive: true });
rmSync(STATE, { recursive: true, force: true });
serve(process.execPath, ["scripts/e2e-server.mjs", String(APP)], { LEAGUE_PERSIST: STATE });
await ready(`${app}/api/ace`);
run(bin("vite"), ["build", "--config", "scripts/bench/push-bare/vite.config.ts"]);
serve(process.execPath, ["scripts/serve-build.mjs", String(BARE), ".bench-state/push-bare-build/bench_push_bare/wrangler.json"], {
  LEAGUE_PERSIST: ".bench-state/push-bare-state",
});
await ready(bare);
const admin = (
  await json(`${app}/api/admin/login`, {
    method: "POST",
    body: JSON.stringify({ username: "admin@league.test", password: "LeagueAdmin2026" }),
  })
).token;
const zone = dayZone();

const rows = [];
for (let r = 0; r < runs; r++) {
  runQuiet(bin("tsx"), ["scripts/bench/push/fixture.ts", ".bench-state/push.sql", ".bench-state/push-plan.json", STANDIN, zone]);
  runQuiet(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", STATE, "--file", ".bench-state/push.sql"]);
  const plan = JSON.parse(readFileSync(".bench-state/push-plan.json", "utf8"));
  for (const phone of plan.phones) {
    await json(`${STANDIN}/standin/subscribers`, {
      method: "POST",
      body: JSON.stringify({ id: phone.subscriptionId, privateKeyJwk: phone.privateKeyJwk, auth: phone.keys.auth }),
    });
  }
  // The league's zone may have changed: each isolate reads a league's row again after 30 s (workers/league-directory.ts).
  if (r === 0 && zone !== "America/Chicago") await new Promise((res) => setTimeout(res, 31_000));
  // The last run: one phone's push service fails the first push; the queue retries it, with the same Topic.
  const forced = r === runs - 1;
  if (forced) {
    await json(`${STANDIN}/standin/fail/${plan.phones[7].subscriptionId}`, {
      method: "POST",
      body: JSON.stringify({ status: 503, times: 1 }),
    });
  }

  const floorStart = Date.now();
  await json(
    `${bare}/go?standin=${encodeURIComponent(STANDIN)}&run=${r}&n=${plan.phones.length}&p256dh=${plan.phones[0].keys.p256dh}&auth=${plan.phones[0].keys.auth}`,
  );
  const floor = await accepted(`bare-${r}-`, plan.phones.length, floorStart);

  const start = Date.now();
  await json(`${app}/api/admin/rounds/${plan.roundId}/cards/publish`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ version: 0 }),
  });
  const prefix = plan.phones[0].subscriptionId.replace(/\d+$/, "");
  const firstTry = await accepted(prefix, plan.phones.length - (forced ? 1 : 0), start);
  const all = await accepted(prefix, plan.phones.length, start);

  // Exactly once each, each its own card, and the retried one under its message's Topic.
  const per = new Map();
  for (const p of all.pushes) per.set(p.subscriptionId, (per.get(p.subscriptionId) ?? 0) + 1);
  const once = plan.phones.every((p) => per.get(p.subscriptionId) === 1);
  let ownCard = 0;
  for (const phone of plan.phones) {
    const [push] = await json(`${STANDIN}/standin/pushes/${phone.subscriptionId}?decrypt`).then((b) => b.pushes ?? b);
    const payload = JSON.parse(push?.payload ?? "{}");
    if (new RegExp(`\\bCard ${phone.card}\\b`).test(payload.body ?? "")) ownCard += 1;
  }
  const topics = new Set(all.pushes.map((p) => p.topic));
  rows.push({
    run: r + 1,
    forced,
    appMs: firstTry.ms,
    retryMs: all.ms,
    floorMs: floor.ms,
    once,
    ownCard,
    sameTopic: topics.size === 1,
  });
  console.log(
    `run ${r + 1}: ${forced ? "149 first-try pushes" : "150 pushes"} in ${firstTry.ms} ms${forced ? `, the retried one at ${all.ms} ms` : ""}; floor ${floor.ms} ms; each once: ${once}; own card: ${ownCard}/150; one Topic: ${topics.size === 1}`,
  );
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const app50 = median(rows.map((r) => r.appMs));
const floor50 = median(rows.map((r) => r.floorMs));
console.log(
  "\n| run | app: publish → first tries accepted | a push failed once, retried | floor: 150 bare pushes | ratio | each once | own card | one Topic |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.run} | ${r.appMs} ms | ${r.forced ? `${r.retryMs} ms` : "—"} | ${r.floorMs} ms | ${(r.appMs / r.floorMs).toFixed(1)}× | ${r.once} | ${r.ownCard}/150 | ${r.sameTopic} |`,
  );
console.log(`\nmedian: app ${app50} ms, floor ${floor50} ms, ratio ${(app50 / floor50).toFixed(1)}×; the limit is ${LIMIT_MS} ms.`);
const ok = rows.every((r) => r.appMs <= LIMIT_MS && r.once && r.ownCard === 150 && r.sameTopic);
process.exit(ok ? 0 : 1);
