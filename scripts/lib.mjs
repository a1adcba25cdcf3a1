// Small helpers shared by the npm scripts (plain Node, no build step).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newVapidKeyPair } from "./vapid-keys.mjs";

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

/**
 * The folder wrangler and the Vite plugin keep local state in (D1 under v3/d1, the page
 * cache under v3/cache): LEAGUE_PERSIST, else wrangler's default.
 */
export function localPersistRoot() {
  return process.env.LEAGUE_PERSIST || ".wrangler/state";
}

const PLACEHOLDER = "SESSION_SECRET=change-me-to-32-random-bytes-base64url";
const KEY_PLACEHOLDER = "PAYPAL_CREDENTIALS_KEY=change-me-to-32-random-bytes-base64url";

/**
 * A fresh machine has no .dev.vars: make one from the example with a random session key and
 * PayPal credentials key. A copy of the example that still holds a placeholder (which the app
 * refuses) gets one too.
 */
export function ensureDevVars() {
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  let text = readFileSync(".dev.vars", "utf8");
  const lines = text.split(/\r?\n/);
  if (lines.includes(PLACEHOLDER)) {
    text = text.replace(PLACEHOLDER, `SESSION_SECRET=${randomBytes(32).toString("base64url")}`);
    console.log("Wrote a random SESSION_SECRET into .dev.vars.");
  }
  // The key that seals each league's own PayPal secret: the example's placeholder, or none
  // at all in a .dev.vars made before leagues had their own PayPal.
  if (lines.includes(KEY_PLACEHOLDER)) {
    text = text.replace(KEY_PLACEHOLDER, `PAYPAL_CREDENTIALS_KEY=${randomBytes(32).toString("base64url")}`);
    console.log("Wrote a random PAYPAL_CREDENTIALS_KEY into .dev.vars.");
  } else if (!lines.some((l) => l.startsWith("PAYPAL_CREDENTIALS_KEY="))) {
    text = `${text.replace(/\n?$/, "\n")}PAYPAL_CREDENTIALS_KEY=${randomBytes(32).toString("base64url")}\n`;
    console.log("Wrote a random PAYPAL_CREDENTIALS_KEY into .dev.vars.");
  }
  // The VAPID pair push messages are signed with (ADR 49): made together, or not at all when
  // both halves are there (a new pair would orphan every device subscribed with the old one).
  const vapidSet = (name) => new RegExp(`^${name}=[ \\t]*\\S`, "m").test(text);
  if (!vapidSet("VAPID_PUBLIC_KEY") || !vapidSet("VAPID_PRIVATE_KEY")) {
    const pair = newVapidKeyPair();
    for (const [name, value] of [
      ["VAPID_PUBLIC_KEY", pair.publicKey],
      ["VAPID_PRIVATE_KEY", pair.privateKey],
    ]) {
      const line = new RegExp(`^${name}=.*$`, "m");
      text = line.test(text) ? text.replace(line, `${name}=${value}`) : `${text.replace(/\n?$/, "\n")}${name}=${value}\n`;
    }
    console.log("Wrote a new VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) into .dev.vars.");
  }
  // Older .dev.vars files predate the local page cache (ADR 11).
  if (!lines.some((l) => l.startsWith("PAGE_CACHE="))) text = `${text.replace(/\n?$/, "\n")}PAGE_CACHE=cache-api\n`;
  // Written only when it changed: its time tells buildIfStale whether the build holds it.
  if (text !== readFileSync(".dev.vars", "utf8")) writeFileSync(".dev.vars", text);
}

// What the build is made of: a newer file here means build/ is stale. The build copies
// .dev.vars into build/server (what scripts/serve-build.mjs reads), so it counts too.
const BUILD_INPUTS = [
  "app",
  "workers",
  "public",
  "scripts/vite",
  "package.json",
  "package-lock.json",
  "node_modules/.package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "wrangler.toml",
  "tsconfig.json",
  "tsconfig.cloudflare.json",
  "tsconfig.node.json",
  ".dev.vars",
];
const BUILD_STAMP = "build/.built-at";

/** The newest modification time (ms) of a file or of any file under a folder. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** The newest time any file the build is made of was written. */
const newestInput = () => Math.max(...BUILD_INPUTS.map(newestMtime));

/**
 * When the build in build/ started (its stamp; 0 while one runs or after one failed), else
 * (a plain `react-router build`) when it ended; 0 when there is none.
 */
function builtAt() {
  if (!existsSync("build/server/wrangler.json") || !existsSync("build/client")) return 0;
  if (existsSync(BUILD_STAMP)) return Number(readFileSync(BUILD_STAMP, "utf8")) || 0;
  return statSync("build/server/wrangler.json").mtimeMs;
}

/**
 * `react-router build`, stamped with its start so an edit made during it still counts as
 * newer. Until it ends the stamp says "building": a build that fails half-way leaves that,
 * so the next start builds again rather than serve what it left.
 */
export function build() {
  ensureDevVars();
  // A file's mtime carries a fraction of a millisecond that Date.now() drops: .dev.vars
  // written just now reads as up to 1 ms newer than "now", which made a fresh build look
  // stale to the next check (and two checks then rebuilt it at once). The stamp is never
  // older than what the build starts from.
  const start = Math.max(Date.now(), Math.ceil(newestInput()));
  mkdirSync("build", { recursive: true });
  writeFileSync(BUILD_STAMP, "building");
  run(bin("react-router"), ["build"]);
  writeFileSync(BUILD_STAMP, String(start));
}

/**
 * Builds unless build/ is newer than every file it is made of (BUILD_INPUTS): `npm start`
 * builds only after a change (ADR 40), `npm test` builds once (test:deploy) and the
 * budgets and the e2e server use that build.
 */
export function buildIfStale() {
  ensureDevVars();
  const at = builtAt();
  if (at >= newestInput()) {
    console.log("build is current: build/ is newer than every file it is made of.");
    return;
  }
  console.log(at ? "build/ is older than the sources: building." : "No build yet: building.");
  build();
}

/** True when .dev.vars sets all three PayPal credentials: the app then talks to PayPal itself. */
export function payPalCredentialsSet() {
  const text = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  const set = (name) => new RegExp(`^${name}=[ \\t]*\\S`, "m").test(text);
  return ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"].every(set);
}

/**
 * Without PayPal credentials the app pays through the local PayPal stand-in on the app's
 * port + 1000 (app/.server/paypal/config.ts): start it beside the app, in the same process
 * group, so Ctrl-C or the e2e runner stopping the server stops it too. Returns a stop().
 */
export function startPayPalStandIn(appPort) {
  if (payPalCredentialsSet()) {
    console.log("PayPal: using the credentials in .dev.vars (no local stand-in).");
    return () => {};
  }
  const child = spawn(process.execPath, ["scripts/paypal-standin/server.mjs", String(appPort)], { stdio: "inherit", env: quietEnv() });
  child.on("exit", (code) => {
    if (code) console.error(`[paypal stand-in] exited with ${code}: PayPal sign-ups will fail until it runs`);
  });
  return () => child.kill();
}

/**
 * The local push stand-in (scripts/push-standin, ADR 49) on the app's port + 1001: a fake push
 * service that tests and the e2e suite subscribe devices to. Started and stopped beside the
 * PayPal stand-in, in the same process group. Returns a stop().
 */
export function startPushStandIn(appPort) {
  const child = spawn(process.execPath, ["scripts/push-standin/server.mjs", String(appPort)], { stdio: "inherit", env: quietEnv() });
  child.on("exit", (code) => {
    if (code) console.error(`[push stand-in] exited with ${code}: pushes to local test devices will fail until it runs`);
  });
  return () => child.kill();
}

/** The local stand-in for the Worker's cron (scripts/cron-ticker.mjs); returns its stop. */
export function startCronTicker(appPort) {
  const child = spawn(process.execPath, ["scripts/cron-ticker.mjs", String(appPort)], { stdio: "inherit", env: quietEnv() });
  return () => child.kill();
}

/**
 * Starts a server in its own process group, its output but errors hidden, and stops the
 * group (the workerd it started with it) when this process exits. Returns the child.
 */
export function serveInGroup(cmd, args, env = {}) {
  const child = spawn(cmd, args, { env: { ...quietEnv(), ...env }, stdio: ["ignore", "ignore", "inherit"], detached: true });
  process.on("exit", () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  });
  return child;
}

/** Waits up to 10 minutes (a build and seed on a loaded machine) for `url` to answer below 500. */
export async function waitForServer(url) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not start`);
}
