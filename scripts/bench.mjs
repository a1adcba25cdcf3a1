// `npm run bench [rounds] [seconds]` (`BENCH_PORT=…`, default 8798): requests per second of the
// app served as `npm start` serves it (workerd on the port, local D1), each case against a
// bare Worker served the same way that answers with the very bytes the app answered that
// case (status, headers, body; streamed or not): the floor for those bytes on this stack.
// Cases run interleaved, each beside its own floor, several rounds; medians shown. Then each
// case's Server-Timing (the Worker's own time, D1, render) at one request at a time.
// The demo league by default (a fresh one); `LEAGUE_PERSIST=.scale-state npm run bench` serves
// a league seeded there before (`LEAGUE_PERSIST=.scale-state npm run seed:scale`) as it is.
// See docs/performance.md.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import autocannon from "autocannon";
import { bin, ensureDevVars, quietEnv, run, serveInGroup as serve, waitForServer as ready } from "./lib.mjs";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const connections = 10;
// BENCH_PORT moves both (and the PayPal stand-in, at APP + 1000) off ports in use.
const APP = Number(process.env.BENCH_PORT ?? 8798);
const BARE = APP + 1;
const persist = process.env.LEAGUE_PERSIST;
const RECORDED = ".bench-state/bare-responses.json";

/** One GET as the wire carries it: status, headers, body bytes, and whether it was chunked. */
function record(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

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
  serve(process.execPath, ["scripts/serve-build.mjs", String(APP)]);
} else {
  serve(process.execPath, ["scripts/e2e-server.mjs", String(APP)], { LEAGUE_PERSIST: ".bench-state/app" });
}
await ready(`http://localhost:${APP}/api/ace`);

const app = (path) => `http://localhost:${APP}${path}`;
const rounds_ = await (await fetch(app("/api/rounds/all"))).json();
const roundId = rounds_[rounds_.length - 8].id;

// A signed-in player (approved claim): the demo league's, else the scale league's
// (scripts/seed/accounts.ts). Their pages are personal, so never cached.
async function signIn() {
  for (const email of ["player1@league.test", "scale1@league.test"]) {
    const res = await fetch(app("/api/users/login"), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "PlayerPass2026" }),
    });
    if (res.ok) return { Cookie: `__Host-session=${(await res.json()).token}` };
  }
  throw new Error("Neither the demo nor the scale league's player could sign in");
}
const signedIn = await signIn();

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

// Where a request's time goes: the Worker's own Server-Timing, one request at a time.
const PROFILE = 40;
const timings = new Map(cases.map((c) => [c.name, []]));
const metric = (header, name) => {
  const m = new RegExp(`(?:^|, )${name}(?:;desc="([^"]*)")?(?:;dur=([\\d.]+))?`).exec(header ?? "");
  return m ? { desc: m[1], dur: m[2] === undefined ? undefined : Number(m[2]) } : null;
};
for (let k = 0; k < PROFILE; k++) {
  for (const c of cases) {
    const started = performance.now();
    const res = await record(app(c.path), c.headers);
    const wall = performance.now() - started;
    const st = res.headers["server-timing"];
    timings.get(c.name).push({
      wall,
      app: metric(st, "app")?.dur,
      d1: metric(st, "d1")?.dur,
      queries: Number(metric(st, "d1")?.desc ?? Number.NaN),
      trips: Number(metric(st, "d1rt")?.desc ?? Number.NaN),
      render: metric(st, "render")?.dur,
      cache: metric(st, "cache")?.desc ?? "",
    });
  }
}

const median = (xs) => {
  const ys = xs.filter((x) => typeof x === "number" && !Number.isNaN(x)).sort((a, b) => a - b);
  return ys.length ? ys[Math.floor(ys.length / 2)] : Number.NaN;
};
const f = (n, d = 1) => (Number.isNaN(n) ? "" : n.toFixed(d));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

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

console.log(`\nServer-Timing, ${PROFILE} requests a case one at a time, medians (ms; wall = the client's whole request):\n`);
console.log("| case | cache | wall | app | d1 | d1 statements / trips | render |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const c of cases) {
  const t = timings.get(c.name);
  const cache = [...new Set(t.map((x) => x.cache))].join("/");
  const m = (k) => median(t.map((x) => x[k]));
  console.log(
    `| ${c.name} | ${cache} | ${f(m("wall"))} | ${f(m("app"))} | ${f(m("d1"))} | ${f(m("queries"), 0)} / ${f(m("trips"), 0)} | ${f(m("render"))} |`,
  );
}
process.exit(0);
