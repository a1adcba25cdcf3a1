// `npm run bench [rounds] [seconds] [requests]` (`BENCH_PORT=…`, default 8798): requests per
// second of the app served as `npm start` serves it (workerd on the port, local D1), each
// case against a bare Worker served the same way that answers with the very bytes the app
// answered that case (status, headers, body; streamed or not): the floor for those bytes on
// this stack. Cases run interleaved, each beside its own floor, several rounds; medians
// shown. Then every page, signed in as a player and as the admin (./bench/pages.mjs), one
// request at a time (`requests` each: 40, or 10 when fewer than 3 rounds are asked for, a
// quick try such as `npm run bench 1 2`), at D1_LATENCY_MS 0 and again, on the same league
// restarted, at D1_LATENCY_MS (50 unless the environment gives another): each D1 call that
// late, as with D1 a region away (workers/d1-latency.ts), with a signed-in page's gate of
// p50 ≤ 2 × latency + 30 ms reported, not failed.
// The demo league by default (a fresh one); `LEAGUE_PERSIST=.scale-state npm run bench` serves
// a league seeded there before (`LEAGUE_PERSIST=.scale-state npm run seed:scale`) as it is.
// See docs/performance.md.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { signedInPages } from "./bench/pages.mjs";
import { f, median, metric, printPages, profile, record } from "./bench/profile.mjs";
import { bin, ensureDevVars, quietEnv, run, serveInGroup as serve, waitForServer as ready } from "./lib.mjs";
import { waitForPort } from "./port-free.mjs";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const requests = Number(process.argv[4] ?? (rounds >= 3 ? 40 : 10));
const latency = Number(process.env.D1_LATENCY_MS || 50);
if (!Number.isInteger(latency) || latency <= 0)
  throw new Error(`D1_LATENCY_MS=${process.env.D1_LATENCY_MS}: give whole milliseconds above 0`);
const connections = 10;
// BENCH_PORT moves both (and the PayPal stand-in, at APP + 1000) off ports in use.
const APP = Number(process.env.BENCH_PORT ?? 8798);
const BARE = APP + 1;
const persist = process.env.LEAGUE_PERSIST;
const RECORDED = ".bench-state/bare-responses.json";
const startedAt = Date.now();
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// Framing and the moment of sending are the server's, not the Worker's: never replayed.
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);
const replayable = (raw) => {
  const pairs = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP.has(raw[i].toLowerCase())) pairs.push([raw[i], raw[i + 1]]);
  return pairs;
};

console.log("Building and seeding (a minute)…");
if (persist) {
  if (!existsSync(persist)) throw new Error(`${persist} holds no league: seed it first (LEAGUE_PERSIST=${persist} npm run seed:scale)`);
  ensureDevVars();
  run(bin("react-router"), ["build"]);
}
// The first pass at 0 ms, whatever the environment says: D1_LATENCY_MS is the second pass's.
let server = persist
  ? serve(process.execPath, ["scripts/serve-build.mjs", String(APP)], { D1_LATENCY_MS: "" })
  : serve(process.execPath, ["scripts/e2e-server.mjs", String(APP)], { LEAGUE_PERSIST: ".bench-state/app", D1_LATENCY_MS: "" });
await ready(`http://localhost:${APP}/api/ace`);

const app = (path) => `http://localhost:${APP}${path}`;
const rounds_ = await (await fetch(app("/api/rounds/all"))).json();
const roundId = rounds_[rounds_.length - 8].id;

const { player: signedIn, pages } = await signedInPages(app);

const cases = [
  { name: "cached anonymous /", path: "/", target: 0.8 },
  { name: "signed-in /", path: "/", headers: signedIn, target: 0.3 },
  { name: `signed-in /rounds/${roundId}`, path: `/rounds/${roundId}`, headers: signedIn, target: 0.3 },
  { name: "signed-in /api/players", path: "/api/players", headers: signedIn, target: 0.5 },
  // Reference points: the cached JSON list, a small cached JSON, and a static file that the
  // platform's own asset server answers without running the Worker at all.
  { name: "cached anonymous /api/players", path: "/api/players", target: null },
  { name: "cached anonymous /api/ace", path: "/api/ace", target: null },
  { name: "static asset /favicon.ico", path: "/favicon.ico", target: null },
];

const once = (url, headers, duration) =>
  new Promise((resolve, reject) => autocannon({ url, headers, connections, duration }, (err, res) => (err ? reject(err) : resolve(res))));

for (const c of cases) await once(app(c.path), c.headers, 1); // warm up: compile, fill the cache

// What the app answers each case now (a cached page as a hit): the floor's answers.
const answers = [];
for (const [i, c] of cases.entries()) {
  const res = await record(app(c.path), c.headers);
  if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
  c.bare = `http://localhost:${BARE}/${i}`;
  c.bytes = res.body.length;
  c.streamed = res.headers["transfer-encoding"] === "chunked";
  answers.push({
    path: `/${i}`,
    status: res.status,
    headers: replayable(res.raw),
    body: res.body.toString("base64"),
    streamed: c.streamed,
  });
}
mkdirSync(".bench-state", { recursive: true });
writeFileSync(RECORDED, JSON.stringify(answers));
run(bin("vite"), ["build", "--config", "scripts/bench/bare/vite.config.ts"], { env: { ...quietEnv(), BENCH_BARE_RESPONSES: RECORDED } });
serve(process.execPath, ["scripts/serve-build.mjs", String(BARE), ".bench-state/bare-build/bench_bare/wrangler.json"], {
  LEAGUE_PERSIST: ".bench-state/bare-state",
  D1_LATENCY_MS: "",
});
await ready(cases[0].bare);

// The floor must answer what the app does: same status, body bytes and headers (a cached
// page's nonce aside, which is this request's), framed the same way.
const withoutNonce = (s) => s.replace(/nonce(=|-)["']?[A-Za-z0-9+/=]{24}/g, "nonce$1…");
for (const c of cases) {
  const [a, b] = [await record(app(c.path), c.headers), await record(c.bare)];
  const headers = (r) =>
    JSON.stringify(
      replayable(r.raw)
        .map(([k, v]) => [k.toLowerCase(), withoutNonce(v)])
        .filter(([k]) => k !== "server-timing" && k !== "age"),
    );
  const problems = [
    a.status !== b.status && "status",
    withoutNonce(a.body.toString("latin1")) !== withoutNonce(b.body.toString("latin1")) && "body",
    headers(a) !== headers(b) && "headers",
    (a.headers["transfer-encoding"] === "chunked") !== (b.headers["transfer-encoding"] === "chunked") && "framing",
  ].filter(Boolean);
  if (problems.length) {
    throw new Error(`${c.name}: the bare Worker's answer differs in ${problems.join(", ")}:\n${headers(a)}\n${headers(b)}`);
  }
}

const samples = new Map(cases.map((c) => [c.name, []]));
for (let r = 0; r < rounds; r++) {
  // Rotate the order every round, so no case always runs right after the same neighbour;
  // each case runs right beside its floor, alternating which goes first.
  const order = cases.map((_, i) => cases[(i + r) % cases.length]);
  for (const c of order) {
    const pair = r % 2 === 0 ? ["app", "bare"] : ["bare", "app"];
    const got = {};
    for (const side of pair) {
      const res = await once(side === "app" ? app(c.path) : c.bare, side === "app" ? c.headers : undefined, seconds);
      if (res.non2xx > 0 || res.errors > 0) throw new Error(`${c.name} (${side}): ${res.non2xx} non-2xx, ${res.errors} errors`);
      got[side] = { rps: res.requests.average, p50: res.latency.p50 };
    }
    samples.get(c.name).push({ app: got.app, bare: got.bare, ratio: got.app.rps / got.bare.rps });
  }
  process.stdout.write(`round ${r + 1}/${rounds} done\n`);
}

// Every page one request at a time: at 0 ms, then on the same league restarted with each
// D1 call `latency` ms late. A page is warmed once first (its modules compiled).
const profiled = [...cases.filter((c) => !c.headers).map((c) => ({ ...c, gated: false })), ...pages];
const profileAll = async () => {
  for (const p of profiled) await record(app(p.path), p.headers);
  return profile(app, profiled, requests);
};
const at0 = await profileAll();
process.stdout.write(`every page at 0 ms done; restarting with D1_LATENCY_MS=${latency}\n`);

const exited = new Promise((resolve) => server.once("exit", resolve));
process.kill(-server.pid, "SIGTERM");
await exited;
await waitForPort(APP, { what: "the app served at 0 ms", log: () => {} });
server = serve(process.execPath, ["scripts/serve-build.mjs", String(APP)], {
  LEAGUE_PERSIST: persist ?? ".bench-state/app",
  D1_LATENCY_MS: String(latency),
});
await ready(app("/api/ace"));
// A server that did not take the latency would report a quiet machine's numbers as a slow one's.
const probe = (await record(app("/"), signedIn)).headers["server-timing"];
if (!(metric(probe, "d1")?.dur >= latency)) throw new Error(`The restarted app did not wait ${latency} ms on D1: Server-Timing ${probe}`);
const loadBefore = loadavg()[0];
const atLatency = await profileAll();
// The gate is meant for a quiet machine: the load says whether this one was.
const load = `${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`;

console.log(`\n${persist ?? "demo league"}; ${connections} connections, ${seconds} s per run, ${rounds} interleaved rounds, medians:\n`);
console.log("| case | bytes | app req/s | bare req/s | app p50 ms | bare p50 ms | × bare | target |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
for (const c of cases) {
  const s = samples.get(c.name);
  const ratio = median(s.map((x) => x.ratio));
  const target = c.target === null ? "" : `≥ ${c.target}× ${ratio >= c.target ? "met" : "MISSED"}`;
  const cells = [
    c.name,
    `${kb(c.bytes)}${c.streamed ? ", streamed" : ""}`,
    f(median(s.map((x) => x.app.rps)), 0),
    f(median(s.map((x) => x.bare.rps)), 0),
    f(median(s.map((x) => x.app.p50))),
    f(median(s.map((x) => x.bare.p50))),
    f(ratio, 2),
    target,
  ];
  console.log(`| ${cells.join(" | ")} |`);
}

printPages(profiled, at0, atLatency, latency, requests, load);
console.log(`\nThe bench took ${f((Date.now() - startedAt) / 60_000)} min.`);
process.exit(0);
