// Size budgets of the built client (ADR 24), read from the build output: for each public
// page (derived from app/routes.ts: scripts/budgets/measure.mjs says which count), the
// JavaScript a first visit downloads and its CSS, gzip -9 as the edge would send them.
// Exits 1 when a page is over budget. `npm test` runs it on the build `test:deploy` made
// (`npm run test:budgets`); `npm run budgets` builds first. The HTML budget of / and
// /players-all is checked against the served app, in tests/e2e/budgets.spec.ts.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import rrConfig from "../react-router.config.ts";
import routeConfig from "../app/routes.ts";
import { CSS_BUDGET, JS_BUDGET, checkPages, kb, publicPages } from "./budgets/measure.mjs";

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

// React Router inlines the page's part of the manifest unless discovery is "initial" or there is no SSR.
const lazyDiscovery = rrConfig.ssr !== false && rrConfig.routeDiscovery?.mode !== "initial";
const pages = publicPages(routeConfig, manifest, (file) => readFileSync(join("app", file), "utf8"));
const rows = checkPages(manifest, pages, gzSize, { lazyDiscovery });
console.log(`Client size per public page's first visit (gzip -9; budgets: JS ${kb(JS_BUDGET)}, CSS ${kb(CSS_BUDGET)})\n`);
console.log("| page | route | JS | CSS | |\n| --- | --- | ---: | ---: | --- |");
for (const r of rows) console.log(`| \`${r.path}\` | ${r.id} | ${kb(r.jsBytes)} | ${kb(r.cssBytes)} | ${r.over ? "over budget" : "ok"} |`);
if (rows.some((r) => r.over)) {
  console.error("\n✗ a public page is over its size budget");
  process.exit(1);
}
