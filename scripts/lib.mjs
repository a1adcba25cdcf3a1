// Small helpers shared by the npm scripts (plain Node, no build step).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

/** The environment for child commands, read at call time; wrangler kept offline-quiet. */
export function quietEnv() {
  return { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
}

/** Runs a local binary from node_modules/.bin, failing loudly. */
export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: quietEnv(), shell: false, ...options });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${res.status}`);
    process.exit(res.status ?? 1);
  }
  return res;
}

/**
 * Runs a local binary with its output captured: printed only when it fails (then the run
 * stops, as with run). Returns what it wrote to stdout.
 */
export function runQuiet(cmd, args) {
  const res = spawnSync(cmd, args, { env: quietEnv(), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) {
    process.stdout.write(res.stdout ?? "");
    process.stderr.write(res.stderr ?? "");
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${res.status}${res.error ? ` (${res.error.message})` : ""}`);
    process.exit(res.status ?? 1);
  }
  return res.stdout;
}

export const bin = (name) => `node_modules/.bin/${name}`;

/** wrangler's flags for the local D1: the dev state, or LEAGUE_PERSIST's for the e2e suite. */
export function localD1Flags() {
  const persist = process.env.LEAGUE_PERSIST;
  return persist ? ["--local", "--persist-to", persist] : ["--local"];
}

const PLACEHOLDER = "SESSION_SECRET=change-me-to-32-random-bytes-base64url";

/**
 * A fresh machine has no .dev.vars: make one from the example with a random session key.
 * A copy of the example that still holds the placeholder (which the app refuses) gets one too.
 */
export function ensureDevVars() {
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  let text = readFileSync(".dev.vars", "utf8");
  const lines = text.split(/\r?\n/);
  if (lines.includes(PLACEHOLDER)) {
    text = text.replace(PLACEHOLDER, `SESSION_SECRET=${randomBytes(32).toString("base64url")}`);
    console.log("Wrote a random SESSION_SECRET into .dev.vars.");
  }
  // Older .dev.vars files predate the local page cache (ADR 11).
  if (!lines.some((l) => l.startsWith("PAGE_CACHE="))) text = `${text.replace(/\n?$/, "\n")}PAGE_CACHE=cache-api\n`;
  writeFileSync(".dev.vars", text);
}
