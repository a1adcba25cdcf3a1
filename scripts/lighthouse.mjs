// `npm run lighthouse [-- --strict] [-- --runs=3]`: Lighthouse's mobile preset on the pages
// the budgets name (/, a played round, /players-all), as a table of category scores with the
// audits that cost points. --strict exits 1 below the bars (accessibility, best practices
// and SEO 100; performance 95). Performance varies with the machine's
// load: --runs=N measures each page N times and reports the median run, as Lighthouse
// advises. LH_URL measures a running server instead of building one; either way, a server
// that does not compress (the local workerd) is measured through a proxy that compresses
// and speaks HTTP/2, as the edge does (scripts/compress-proxy.mjs). HTML reports land in
// test-results/lighthouse/.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { generateReport } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { startCompressProxy } from "./compress-proxy.mjs";
import { quietEnv } from "./lib.mjs";

const strict = process.argv.includes("--strict");
const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith("--runs=")) ?? "")?.[1] ?? 1);
const APP_PORT = Number(process.env.LH_PORT ?? 8798);
const PROXY_PORT = APP_PORT + 1;
const OUT = "test-results/lighthouse";
const CATEGORIES = [
  { id: "performance", label: "perf", bar: 95 },
  { id: "accessibility", label: "a11y", bar: 100 },
  { id: "best-practices", label: "best practices", bar: 100 },
  { id: "seo", label: "SEO", bar: 100 },
];

// The app server runs in its own process group, so stopping it stops the workerd it started.
function serveApp() {
  const env = { ...quietEnv(), LEAGUE_PERSIST: ".lighthouse-state" };
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs", String(APP_PORT)], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  process.on("exit", () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  });
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

// `server` answers the script's own requests; `origin` is what Lighthouse measures.
let server = process.env.LH_URL?.replace(/\/$/, "");
if (!server) {
  console.log(`Building, seeding and serving the app on ${APP_PORT} (a minute)…`);
  serveApp();
  server = `http://localhost:${APP_PORT}`;
}
await ready(`${server}/api/ace`);
const probe = await fetch(`${server}/`, { headers: { "Accept-Encoding": "br, gzip" } });
await probe.arrayBuffer();
let origin = server;
if (!probe.headers.get("content-encoding")) {
  origin = await startCompressProxy(PROXY_PORT, server);
  console.log(`${server} sends text uncompressed: measuring it through a compressing proxy, ${origin}.`);
}

const rounds = await (await fetch(`${server}/api/rounds/all`)).json();
const now = Date.now() / 1000;
const played = rounds.filter((r) => r.d < now - 86400 && r.entry_count > 0).at(-1);
const paths = ["/", `/rounds/${played.id}`, "/players-all"];
// Public pages sit in the page cache at the edge; one request each fills it here too.
for (const path of paths) await (await fetch(server + path)).arrayBuffer();

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // The proxy's certificate is self-signed; production's is real.
    ...(origin.startsWith("https://localhost") ? ["--ignore-certificate-errors"] : []),
  ],
});
mkdirSync(OUT, { recursive: true });
const results = [];
try {
  for (const path of paths) {
    // No config: Lighthouse's default is the mobile preset (Moto G Power, slow 4G, simulated).
    const flags = { port: chrome.port, logLevel: "error", onlyCategories: CATEGORIES.map((c) => c.id) };
    const lhrs = [];
    for (let i = 0; i < runs; i++) {
      const run = await lighthouse(origin + path, flags);
      if (!run) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (run.lhr.runtimeError) console.error(`${path}: ${run.lhr.runtimeError.code} ${run.lhr.runtimeError.message}`);
      lhrs.push(run.lhr);
    }
    const lhr = runs > 1 ? computeMedianRun(lhrs) : lhrs[0];
    const file = `${OUT}/${path.replace(/^\/$/, "home").replace(/^\//, "").replace(/\//g, "-")}.html`;
    writeFileSync(file, generateReport(lhr, "html"));
    results.push({ path, lhr });
  }
} finally {
  await chrome.kill();
}

const score = (lhr, id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
const median = runs > 1 ? `, median of ${runs} runs` : "";
console.log(`\nLighthouse ${results[0].lhr.lighthouseVersion}, mobile preset${median}, ${origin}\n`);
console.log(`| page | ${CATEGORIES.map((c) => `${c.label} (≥ ${c.bar})`).join(" | ")} |`);
console.log(`| --- | ${CATEGORIES.map(() => "---:").join(" | ")} |`);
for (const { path, lhr } of results) console.log(`| ${path} | ${CATEGORIES.map((c) => score(lhr, c.id) ?? "error").join(" | ")} |`);

// What cost points: every weighted audit of a category under 100 that did not fully pass.
let missed = false;
for (const { path, lhr } of results) {
  for (const c of CATEGORIES) {
    const s = score(lhr, c.id);
    if (s === null || s < c.bar) missed = true;
    if (s === 100) continue;
    const failing = (lhr.categories[c.id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1);
    // Performance is scored on metrics; its insights (unweighted) say where the time goes.
    const hints = (lhr.categories[c.id]?.auditRefs ?? [])
      .filter((ref) => ref.weight === 0 && ref.group !== "hidden")
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.scoreDisplayMode === "metricSavings" && a.score !== null && a.score < 1);
    if (!failing.length && !hints.length) continue;
    const line = (a) => `  ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`;
    console.log(`\n${path} — ${c.label} ${s}:`);
    for (const a of failing) console.log(line(a));
    if (hints.length) console.log(`  where to look:\n${hints.map((a) => `  ${line(a)}`).join("\n")}`);
  }
}
console.log(`\nReports: ${OUT}/*.html`);
if (strict && missed) {
  console.error("\n✗ Below the bar: accessibility, best practices and SEO 100, performance 95.");
  process.exit(1);
}
process.exit(0);
