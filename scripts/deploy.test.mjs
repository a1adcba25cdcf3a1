// scripts/deploy.mjs against a fake wrangler: a small node script that records each call's
// argv and answers the listing commands from a state file, which its create and put commands
// change as Cloudflare would. `node --test scripts/deploy.test.mjs`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createPrivateKey, createPublicKey } from "node:crypto";
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const SCRIPT = join(here, "deploy.mjs");
const NEW_ID = "11111111-2222-3333-4444-555555555555";

const FAKE = `#!/usr/bin/env node
const fs = require("node:fs");
const args = process.argv.slice(2);
const state = JSON.parse(fs.readFileSync(process.env.FAKE_STATE, "utf8"));
const input = args[0] === "secret" && args[1] === "put" ? fs.readFileSync(0, "utf8") : null;
fs.appendFileSync(process.env.FAKE_LOG, JSON.stringify(args) + "\\n");
const save = () => fs.writeFileSync(process.env.FAKE_STATE, JSON.stringify(state));
const is = (...words) => words.every((w, i) => args[i] === w);
if (is("d1", "list")) console.log(JSON.stringify(state.databases));
else if (is("d1", "create")) {
  state.databases.push({ uuid: "${NEW_ID}", name: args[2] });
  save();
  console.log('Created.\\n[[d1_databases]]\\nbinding = "DB"\\ndatabase_name = "' + args[2] + '"\\ndatabase_id = "${NEW_ID}"');
} else if (is("queues", "list")) {
  console.log("┌──────┬──────┐\\n│ id │ name │");
  for (const q of state.queues) console.log("│ 0f0f │ " + q + " │");
} else if (is("queues", "create")) { state.queues.push(args[2]); save(); }
else if (is("secret", "list")) {
  if (!state.worker) { console.error("This Worker does not exist on your account."); process.exit(1); }
  console.log(JSON.stringify(state.secrets.map((name) => ({ name, type: "secret_text" }))));
} else if (is("secret", "put")) { state.secrets.push(args[2]); state.values[args[2]] = input.trim(); save(); }
else if (is("deploy")) { state.worker = true; save(); }
`;

const EMPTY = { databases: [], queues: [], secrets: [], values: {}, worker: false };

let dir;
let paths;

function reset(state) {
  writeFileSync(paths.state, JSON.stringify(state));
  writeFileSync(paths.log, "");
  copyFileSync(join(here, "..", "wrangler.toml"), paths.toml);
}

function deploy(args = [], env = {}) {
  writeFileSync(paths.log, "");
  const result = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: dir,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      WRANGLER: paths.fake,
      DEPLOY_BUILD: `${process.execPath} -e 0`,
      FAKE_STATE: paths.state,
      FAKE_LOG: paths.log,
      ...env,
    },
  });
  const calls = readFileSync(paths.log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line).join(" "));
  const commands = result.stdout
    .split("\n")
    .filter((line) => line && !line.startsWith("#") && !/^(Created\.|\[\[|binding|database_)/.test(line))
    .map((line) => line.replace(/\s+#.*$/, ""));
  return { ...result, calls, commands, state: JSON.parse(readFileSync(paths.state, "utf8")) };
}

const MUTATING = /^(d1 create|queues create|d1 migrations apply|secret put|deploy)/;

before(() => {
  dir = mkdtempSync(join(tmpdir(), "deploy-test-"));
  paths = {
    fake: join(dir, "fake-wrangler"),
    state: join(dir, "state.json"),
    log: join(dir, "calls.log"),
    toml: join(dir, "wrangler.toml"),
  };
  writeFileSync(paths.fake, FAKE);
  chmodSync(paths.fake, 0o755);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run deploy -- --plan", () => {
  it("on an empty account: every step in order, each create, the secrets to make; runs nothing that changes anything", () => {
    reset(EMPTY);
    const tomlBefore = readFileSync(paths.toml, "utf8");
    const out = deploy(["--plan"]);
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(out.commands, [
      `${process.execPath} -e 0`,
      "wrangler d1 create league",
      "wrangler queues create league-jobs",
      "wrangler queues create league-jobs-dlq",
      "wrangler d1 migrations apply DB --remote",
      "wrangler secret put SESSION_SECRET",
      "wrangler secret put PAYPAL_CREDENTIALS_KEY",
      "wrangler secret put VAPID_PUBLIC_KEY",
      "wrangler secret put VAPID_PRIVATE_KEY",
      "wrangler deploy",
    ]);
    assert.match(out.stdout, /write the new database's id into wrangler\.toml/);
    assert.match(out.stdout, /VAPID_PUBLIC_KEY\s+# a new VAPID key pair, made now and never printed/);
    assert.match(out.stdout, /SESSION_SECRET\s+# a random value, made now and never printed/);
    for (const name of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"])
      assert.match(out.stdout, new RegExp(`# optional, skipped: ${name}`));
    // It says which listings it ran, and ran nothing else.
    assert.match(out.stdout, /# read-only, to decide: wrangler d1 list --json/);
    assert.deepEqual(out.calls, ["d1 list --json", "queues list", "secret list --format json"]);
    assert.equal(out.calls.filter((c) => MUTATING.test(c)).length, 0);
    assert.deepEqual(out.state, EMPTY);
    assert.equal(readFileSync(paths.toml, "utf8"), tomlBefore);
  });

  it("on an account that has it all: no create, no secret put, the id it would write said; PayPal given in the environment is put, not printed", () => {
    reset({
      databases: [{ uuid: NEW_ID, name: "league" }],
      queues: ["league-jobs", "league-jobs-dlq"],
      secrets: ["SESSION_SECRET", "PAYPAL_CREDENTIALS_KEY", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"],
      values: {},
      worker: true,
    });
    const out = deploy(["--plan"], { PAYPAL_CLIENT_ID: "client-id-shown-nowhere" });
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(out.commands, [
      `${process.execPath} -e 0`,
      "wrangler d1 migrations apply DB --remote",
      "wrangler secret put PAYPAL_CLIENT_ID",
      "wrangler deploy",
    ]);
    assert.match(out.stdout, new RegExp(`write database_id = "${NEW_ID}" into wrangler\\.toml`));
    assert.doesNotMatch(out.stdout, /client-id-shown-nowhere/);
    assert.equal(out.calls.filter((c) => MUTATING.test(c)).length, 0);
  });
});

describe("npm run deploy", () => {
  it("a VAPID key set without its other half: no new pair is put, and it says so", () => {
    reset({
      databases: [{ uuid: NEW_ID, name: "league" }],
      queues: ["league-jobs", "league-jobs-dlq"],
      secrets: ["SESSION_SECRET", "PAYPAL_CREDENTIALS_KEY", "VAPID_PUBLIC_KEY"],
      values: {},
      worker: true,
    });
    const out = deploy();
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(
      out.calls.filter((c) => MUTATING.test(c)),
      ["d1 migrations apply DB --remote", "deploy"],
    );
    assert.match(out.stdout, /VAPID_PUBLIC_KEY is set without its other half/);
  });

  it("a first deploy makes everything, writes the database's id, prints no secret; the second creates nothing", () => {
    reset(EMPTY);
    const first = deploy();
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(
      first.calls.filter((c) => MUTATING.test(c)),
      [
        "d1 create league",
        "queues create league-jobs",
        "queues create league-jobs-dlq",
        "d1 migrations apply DB --remote",
        "secret put SESSION_SECRET",
        "secret put PAYPAL_CREDENTIALS_KEY",
        "secret put VAPID_PUBLIC_KEY",
        "secret put VAPID_PRIVATE_KEY",
        "deploy",
      ],
    );
    assert.match(readFileSync(paths.toml, "utf8"), new RegExp(`database_id = "${NEW_ID}"`));
    const values = Object.values(first.state.values);
    assert.equal(values.length, 4);
    for (const value of values) {
      assert.ok(value.length >= 43, "32 random bytes");
      assert.ok(!first.stdout.includes(value) && !first.stderr.includes(value), "a secret's value is never printed");
    }
    assert.equal(new Set(values).size, 4);
    // The pair is one: a 65-byte uncompressed P-256 point, and its 32-byte private scalar.
    const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = first.state.values;
    const point = Buffer.from(VAPID_PUBLIC_KEY, "base64url");
    assert.equal(point.length, 65);
    assert.equal(point[0], 4);
    assert.equal(Buffer.from(VAPID_PRIVATE_KEY, "base64url").length, 32);
    const key = createPrivateKey({
      key: {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
        d: VAPID_PRIVATE_KEY,
      },
      format: "jwk",
    });
    assert.equal(createPublicKey(key).export({ format: "jwk" }).x, point.subarray(1, 33).toString("base64url"));

    const second = deploy();
    assert.equal(second.status, 0, second.stderr);
    assert.deepEqual(
      second.calls.filter((c) => MUTATING.test(c)),
      ["d1 migrations apply DB --remote", "deploy"],
    );
    assert.deepEqual(second.state.databases, first.state.databases);
    assert.deepEqual(second.state.queues, first.state.queues);
    assert.deepEqual(second.state.values, first.state.values);
  });
});
