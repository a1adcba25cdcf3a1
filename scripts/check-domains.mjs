#!/usr/bin/env node
// The service domains' import graph (app/.server/services/<domain>/): fails on any cycle
// between domains, and on `rounds` importing a domain that takes part in a round's write
// (those plug into it, not it into them: ADR 45), and on a league domain importing `accounts`
// (accounts stay apart from a league's data). Prints each cycle and the arrows between domains.
// Usage: node scripts/check-domains.mjs [--arrows] [--root DIR]   (DIR: a tree with app/.server/services)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const rootAt = process.argv.indexOf("--root");
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : resolve(dirname(new URL(import.meta.url).pathname), "..");
const services = join(root, "app/.server/services");
const ALLOWED_FROM_ROUNDS = new Set(["players", "courses"]);
const APART = "accounts";

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

const domainOf = (path) => {
  const rel = relative(services, path);
  return rel.startsWith("..") ? null : rel.split("/")[0];
};

// Static imports and re-exports, and dynamic import() calls.
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
const target = (from, spec) => {
  if (spec.startsWith("~/")) return join(root, "app", spec.slice(2));
  if (spec.startsWith(".")) return resolve(dirname(from), spec);
  return null;
};

const arrows = new Map();
for (const file of files(services)) {
  const from = domainOf(file);
  const text = readFileSync(file, "utf8");
  for (const [, fromSpec, dynamicSpec] of text.matchAll(IMPORT)) {
    const spec = fromSpec ?? dynamicSpec;
    const to = target(file, spec);
    const toDomain = to ? domainOf(to) : null;
    if (!toDomain || toDomain === from) continue;
    const key = `${from}→${toDomain}`;
    arrows.set(key, [...(arrows.get(key) ?? []), relative(root, file)]);
  }
}

// Strongly connected components (Tarjan): each with more than one domain is a cycle.
const graph = new Map();
for (const key of arrows.keys()) {
  const [a, b] = key.split("→");
  graph.set(a, [...(graph.get(a) ?? []), b]);
  if (!graph.has(b)) graph.set(b, []);
}
let index = 0;
const stack = [];
const seen = new Map();
const low = new Map();
const on = new Set();
const cycles = [];
const visit = (v) => {
  seen.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!seen.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), seen.get(w)));
  }
  if (low.get(v) === seen.get(v)) {
    const part = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) cycles.push(part.sort());
  }
};
for (const v of graph.keys()) if (!seen.has(v)) visit(v);

const fromRounds = [...arrows.keys()]
  .filter((k) => k.startsWith("rounds→"))
  .map((k) => k.split("→")[1])
  .filter((d) => !ALLOWED_FROM_ROUNDS.has(d));

const intoAccounts = [...arrows.keys()].filter((k) => k.endsWith(`→${APART}`)).map((k) => k.split("→")[0]);

if (process.argv.includes("--arrows")) for (const [key, list] of [...arrows].sort()) console.log(`${key} (${list.length})`);
console.log(`${graph.size} domains, ${arrows.size} arrows between them`);
for (const c of cycles) console.log(`✗ a cycle of ${c.length} domains: ${c.join(", ")}`);
if (fromRounds.length) console.log(`✗ rounds imports ${fromRounds.join(", ")} (only ${[...ALLOWED_FROM_ROUNDS].join(" and ")} allowed)`);
for (const d of intoAccounts) console.log(`✗ ${d} imports ${APART}: ${arrows.get(`${d}→${APART}`).join(", ")}`);
if (cycles.length || fromRounds.length || intoAccounts.length) process.exit(1);
console.log(
  `✓ no cycle between service domains; rounds imports only ${[...ALLOWED_FROM_ROUNDS].join(" and ")}; no domain imports ${APART}`,
);
