#!/usr/bin/env node
// `npm run deploy`: a first deploy to Cloudflare, or any later one, in one command
// (docs/operating.md, "Deploying to Cloudflare"). It builds; creates the D1 database, the
// job queue and its dead-letter queue only where `wrangler` does not list them (a new
// database's id is written into wrangler.toml); applies the migrations remotely; puts every
// required secret not set yet (SESSION_SECRET and PAYPAL_CREDENTIALS_KEY made at random, a
// VAPID key pair for push messages, the deployment's PayPal app's only when given in the
// environment); and deploys the Worker.
// Running it twice creates nothing twice.
//
// `npm run deploy -- --plan` prints every command it would run, one a line, and runs none
// that changes anything: only the listing commands it decides by (said so, as `#` lines).
//
// The wrangler it calls is $WRANGLER, or node_modules/.bin/wrangler; the build is
// `npm run build`, or $DEPLOY_BUILD (a command line) where set. Both are read in the current
// directory, with its wrangler.toml.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newVapidKeyPair } from "./vapid-keys.mjs";

const plan = process.argv.includes("--plan");
const cwd = process.cwd();
const wrangler = process.env.WRANGLER || join(cwd, "node_modules/.bin/wrangler");
const build = (process.env.DEPLOY_BUILD || "npm run build").split(/\s+/).filter(Boolean);
const tomlPath = join(cwd, "wrangler.toml");

/** Secrets the Worker needs: made at random where absent. Never printed. */
const GENERATED = ["SESSION_SECRET", "PAYPAL_CREDENTIALS_KEY"];
/** The push messages' VAPID pair (ADR 49): made together, and only when neither half is set. */
const VAPID_PAIR = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"];
/** The deployment's own PayPal app: put only when the operator gives them in the environment. */
const OPTIONAL = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"];

const say = (line) => process.stdout.write(`${line}\n`);
const fail = (message) => {
  process.stderr.write(`deploy: ${message}\n`);
  process.exit(1);
};

// --- wrangler.toml: the names the steps use -------------------------------------------

if (!existsSync(tomlPath)) fail(`no wrangler.toml in ${cwd}`);
let toml = readFileSync(tomlPath, "utf8");
/** The `[[d1_databases]]` block's text (up to the next table). */
const d1Block = () => /\[\[d1_databases\]\][^[]*/.exec(toml)?.[0] ?? "";
const valueIn = (text, key) => new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, "m").exec(text)?.[1];
const databaseName = valueIn(d1Block(), "database_name");
const databaseBinding = valueIn(d1Block(), "binding") ?? "DB";
if (!databaseName) fail("wrangler.toml names no D1 database ([[d1_databases]] database_name)");
const queues = [...new Set([...toml.matchAll(/^\s*(?:queue|dead_letter_queue)\s*=\s*"([^"]+)"/gm)].map((m) => m[1]))];

// --- wrangler ---------------------------------------------------------------------------

/** The words a command is shown with: `wrangler …`, whatever its path. */
const shown = (args) => ["wrangler", ...args].join(" ");

function wranglerRun(args, { input, quiet = false } = {}) {
  const result = spawnSync(wrangler, args, {
    cwd,
    input,
    encoding: "utf8",
    stdio: [input === undefined ? "inherit" : "pipe", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error) fail(`could not run ${wrangler}: ${result.error.message}`);
  return result;
}

/** A listing command: read-only, run in a plan too (and said so). */
function list(args) {
  say(`# read-only, to decide: ${shown(args)}`);
  return wranglerRun(args, { quiet: true });
}

/** A step that changes something: printed, and run unless this is a plan. */
function step(cmd, args, opts = {}) {
  const line = cmd === "wrangler" ? shown(args) : [cmd, ...args].join(" ");
  say(opts.note ? `${line}   # ${opts.note}` : line);
  if (plan) return null;
  const result =
    cmd === "wrangler"
      ? wranglerRun(args, opts)
      : spawnSync(cmd, args, { cwd, stdio: "inherit", env: process.env, shell: process.platform === "win32" });
  if (result.error) fail(`${line} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`${line} failed (exit ${result.status})${opts.quiet ? `:\n${result.stderr}` : ""}`);
  return result;
}

/** A name among a listing's words (`league-jobs` is not `league-jobs-dlq`). */
const named = (text, name) => new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w-]|$)`, "m").test(text);

function jsonOf(text) {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.search(/[[{]/);
    if (start < 0) return null;
    try {
      return JSON.parse(text.slice(start));
    } catch {
      return null;
    }
  }
}

// --- the steps ---------------------------------------------------------------------------

say(plan ? "# The plan: these commands, in this order. Nothing below is run." : "# Deploying: each command as it runs.");

// 1. Build.
const [buildCmd, ...buildArgs] = build;
step(buildCmd, buildArgs);

// 2. The D1 database, unless it exists; its id in wrangler.toml.
const d1List = list(["d1", "list", "--json"]);
if (d1List.status !== 0) fail(`wrangler d1 list failed (are you logged in? npx wrangler login):\n${d1List.stderr}`);
const databases = jsonOf(d1List.stdout);
if (!Array.isArray(databases)) fail("wrangler d1 list --json did not answer a list");
const existing = databases.find((db) => db?.name === databaseName);
let databaseId = existing?.uuid ?? existing?.id;
if (!databaseId) {
  const made = step("wrangler", ["d1", "create", databaseName], { quiet: true });
  if (plan) say(`# then: write the new database's id into wrangler.toml (database_id of ${databaseBinding})`);
  else {
    process.stdout.write(made.stdout);
    databaseId =
      /"?database_id"?\s*[=:]\s*"([0-9a-f-]{36})"/.exec(made.stdout)?.[1] ??
      /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/.exec(made.stdout)?.[0];
    if (!databaseId) fail(`could not read the new database's id from wrangler's answer`);
  }
}
if (databaseId && valueIn(d1Block(), "database_id") !== databaseId) {
  if (plan) say(`# then: write database_id = "${databaseId}" into wrangler.toml (it holds another)`);
  else {
    const block = d1Block();
    toml = toml.replace(block, block.replace(/^(\s*database_id\s*=\s*)"[^"]*"/m, `$1"${databaseId}"`));
    writeFileSync(tomlPath, toml);
    say(`# wrote database_id = "${databaseId}" into wrangler.toml: commit it`);
  }
}

// 3. The job queue and its dead-letter queue, unless they exist.
const queueList = list(["queues", "list"]);
if (queueList.status !== 0) fail(`wrangler queues list failed:\n${queueList.stderr}`);
for (const queue of queues) if (!named(queueList.stdout, queue)) step("wrangler", ["queues", "create", queue]);

// 4. The migrations, on the remote database.
step("wrangler", ["d1", "migrations", "apply", databaseBinding, "--remote"]);

// 5. Secrets not set yet. A Worker not deployed yet has none (its listing fails).
const secretList = list(["secret", "list", "--format", "json"]);
const listed = secretList.status === 0 ? jsonOf(secretList.stdout) : [];
if (secretList.status !== 0) say("# (no Worker yet, so no secrets yet)");
const isSet = (name) => (Array.isArray(listed) ? listed.some((s) => s?.name === name) : named(secretList.stdout ?? "", name));
for (const name of GENERATED) {
  if (isSet(name)) continue;
  step("wrangler", ["secret", "put", name], {
    note: "a random value, made now and never printed",
    input: `${randomBytes(32).toString("base64url")}\n`,
    quiet: true,
  });
}
// A pair is made only when neither half is set: a new pair would end every device's
// subscription. One half alone is the operator's to mend (say so, change nothing).
const vapidSet = VAPID_PAIR.filter(isSet);
if (vapidSet.length === 0) {
  const pair = plan ? null : newVapidKeyPair();
  for (const [name, half] of [
    ["VAPID_PUBLIC_KEY", "publicKey"],
    ["VAPID_PRIVATE_KEY", "privateKey"],
  ]) {
    step("wrangler", ["secret", "put", name], {
      note: "a new VAPID key pair, made now and never printed",
      input: pair ? `${pair[half]}\n` : undefined,
      quiet: true,
    });
  }
} else if (vapidSet.length === 1) {
  say(`# ${vapidSet[0]} is set without its other half: push stays off until both are (a new pair ends every device's subscription)`);
}
for (const name of OPTIONAL) {
  if (isSet(name)) continue;
  const value = process.env[name];
  if (!value) {
    say(`# optional, skipped: ${name} (not set, and not given in the environment)`);
    continue;
  }
  step("wrangler", ["secret", "put", name], { note: "from the environment, never printed", input: `${value}\n`, quiet: true });
}

// 6. The Worker.
step("wrangler", ["deploy"]);
say(plan ? "# End of the plan: `npm run deploy` runs it." : "# Deployed.");
