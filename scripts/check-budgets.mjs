// Size budgets of the built client (issue 12), read from the build output: for each public
// page, the JavaScript a first visit downloads (React Router's manifest, the entry, the root
// route and the page's route with every module they import) and its CSS, gzipped as the
// edge serves them. Fails (exit 1) when a page is over budget: `npm run budgets`. Not yet
// part of `npm test`: every public page is over (issue 12 says by how much).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const JS_BUDGET = 115 * 1024;
export const CSS_BUDGET = 15 * 1024;

// The pages anyone can open, by React Router route id (app/routes.ts).
const PUBLIC_PAGES = [
  "home",
  "routes/round",
  "routes/players",
  "routes/players-all",
  "routes/player",
  "routes/aces",
  "routes/transfers",
  "routes/login",
  "routes/register",
  "routes/forgot-password",
];

const client = "build/client";
const assets = join(client, "assets");
const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) {
  console.error("✗ no React Router manifest in build/client/assets: run `react-router build` first");
  process.exit(1);
}
const manifestText = readFileSync(join(assets, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));

const gz = new Map();
/** Gzipped size of one built file, by its URL path (/assets/…). */
function gzSize(url) {
  if (!gz.has(url)) gz.set(url, gzipSync(readFileSync(join(client, url)), { level: 9 }).length);
  return gz.get(url);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;
const rows = [];
for (const id of PUBLIC_PAGES) {
  const route = manifest.routes[id];
  if (!route) {
    console.error(`✗ no route ${id} in the manifest`);
    failed = true;
    continue;
  }
  const chain = [manifest.entry, manifest.routes.root, route];
  const js = new Set([`/assets/${manifestFile}`, ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])]);
  const css = new Set(chain.flatMap((r) => r.css ?? []));
  const jsBytes = [...js].reduce((sum, url) => sum + gzSize(url), 0);
  const cssBytes = [...css].reduce((sum, url) => sum + gzSize(url), 0);
  const over = jsBytes > JS_BUDGET || cssBytes > CSS_BUDGET;
  failed ||= over;
  rows.push(`| ${id} | ${kb(jsBytes)} | ${kb(cssBytes)} | ${over ? "over budget" : "ok"} |`);
}
console.log(`Client size per public page (gzip -9; budgets: JS ${kb(JS_BUDGET)}, CSS ${kb(CSS_BUDGET)})\n`);
console.log("| page | JS | CSS | |\n| --- | ---: | ---: | --- |");
console.log(rows.join("\n"));
if (failed) {
  console.error("\n✗ a public page is over its size budget");
  process.exit(1);
}
