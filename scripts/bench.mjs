// `npm run bench [rounds] [seconds]` (`BENCH_PORT=…`, default 8798): requests per second of the app served as `npm start`
// serves it (vite preview, workerd, local D1 with the demo league), each as a ratio to a
// bare Worker served the same way. Cases run interleaved, several rounds; medians shown.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { bin, quietEnv, run } from "./lib.mjs";

const rounds = Number(process.argv[2] ?? 3);
const seconds = Number(process.argv[3] ?? 5);
const connections = 10;
// BENCH_PORT moves both (and the PayPal stand-in, at APP + 1000) off ports in use.
const APP = Number(process.env.BENCH_PORT ?? 8798);
const BARE = APP + 1;

// Each server runs in its own process group, so stopping it stops the vite preview it started.
function serve(cmd, args, env = {}) {
  const child = spawn(cmd, args, { env: { ...quietEnv(), ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  process.on("exit", () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  });
  return child;
}

async function ready(url) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}

console.log("Building and seeding (a minute)…");
run(bin("vite"), ["build", "--config", "scripts/bench/bare/vite.config.ts"]);
serve(process.execPath, ["scripts/e2e-server.mjs", String(APP)], { LEAGUE_PERSIST: ".bench-state/app" });
serve(bin("vite"), ["preview", "--config", "scripts/bench/bare/vite.config.ts", "--port", String(BARE), "--strictPort"]);
await Promise.all([ready(`http://localhost:${APP}/api/ace`), ready(`http://localhost:${BARE}/`)]);

const rounds_ = await (await fetch(`http://localhost:${APP}/api/rounds/all`)).json();
const roundId = rounds_[rounds_.length - 8].id;
// A credential the cache must not share: the page renders anonymously, but uncached.
const bypass = { Authorization: "Bearer bench" };
const cases = [
  { name: "bare Worker (static string)", url: `http://localhost:${BARE}/`, target: null },
  { name: "cached public page /", url: `http://localhost:${APP}/`, target: 0.8 },
  { name: `uncached SSR page /rounds/${roundId}`, url: `http://localhost:${APP}/rounds/${roundId}`, headers: bypass, target: 0.3 },
  { name: "/api/players (cached)", url: `http://localhost:${APP}/api/players`, target: 0.5 },
  { name: "/api/players (uncached)", url: `http://localhost:${APP}/api/players`, headers: bypass, target: null },
  // Reference points: a small cached JSON (the cache without the bytes), and a static file
  // that the platform's own asset server answers without running the Worker at all.
  { name: "/api/ace (cached, 20 bytes)", url: `http://localhost:${APP}/api/ace`, target: null },
  { name: "static asset /favicon.ico", url: `http://localhost:${APP}/favicon.ico`, target: null },
];

const once = (c, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url: c.url, headers: c.headers, connections, duration }, (err, res) => (err ? reject(err) : resolve(res))),
  );

for (const c of cases) await once(c, 1); // warm up: compile, fill the cache
const samples = new Map(cases.map((c) => [c.name, []]));
for (let r = 0; r < rounds; r++) {
  // Rotate the order every round, so no case always runs right after the same neighbour.
  const order = cases.map((_, i) => cases[(i + r) % cases.length]);
  for (const c of order) {
    const res = await once(c, seconds);
    if (res.non2xx > 0 || res.errors > 0) throw new Error(`${c.name}: ${res.non2xx} non-2xx, ${res.errors} errors`);
    samples.get(c.name).push({ rps: res.requests.average, p50: res.latency.p50 });
  }
  process.stdout.write(`round ${r + 1}/${rounds} done\n`);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bare = median(samples.get(cases[0].name).map((s) => s.rps));
console.log(`\n${connections} connections, ${seconds} s per case, ${rounds} interleaved rounds, medians:\n`);
console.log("| case | req/s | p50 ms | × bare | target |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const c of cases) {
  const s = samples.get(c.name);
  const rps = median(s.map((x) => x.rps));
  const ratio = rps / bare;
  const target = c.target === null ? "" : `≥ ${c.target}× ${ratio >= c.target ? "met" : "MISSED"}`;
  console.log(`| ${c.name} | ${rps.toFixed(0)} | ${median(s.map((x) => x.p50)).toFixed(1)} | ${ratio.toFixed(2)} | ${target} |`);
}
process.exit(0);
