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

export const bin = (name) => `node_modules/.bin/${name}`;

/** wrangler's flags for the local D1: the dev state, or LEAGUE_PERSIST's for the e2e suite. */
export function localD1Flags() {
  const persist = process.env.LEAGUE_PERSIST;
  return persist ? ["--local", "--persist-to", persist] : ["--local"];
}

/** A fresh machine has no .dev.vars: make one from the example with a random session key. */
export function ensureDevVars() {
  if (existsSync(".dev.vars")) return;
  copyFileSync(".dev.vars.example", ".dev.vars");
  const secret = randomBytes(32).toString("base64url");
  const text = readFileSync(".dev.vars", "utf8").replace(/^SESSION_SECRET=.*$/m, `SESSION_SECRET=${secret}`);
  writeFileSync(".dev.vars", text);
  console.log("Created .dev.vars with a random SESSION_SECRET.");
}
