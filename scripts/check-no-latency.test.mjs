// `npm run test:deploy` refuses a deploy config that sets D1_LATENCY_MS
// (scripts/check-no-latency.mjs): in wrangler.toml's [vars], an environment's vars, or the
// built wrangler.json. Each case writes its own config in a folder of its own.
//
//   node --test scripts/check-no-latency.test.mjs   (part of npm run test:scripts)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

const dir = mkdtempSync(join(tmpdir(), "league-no-latency-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const TOML = `name = "league-app"\nmain = "./workers/app.ts"\ncompatibility_date = "2026-10-01"\n\n[vars]\nPAGE_CACHE = "workers-cache"\n`;
const BUILT = { name: "league-app", vars: { PAGE_CACHE: "workers-cache" } };

function check(toml, built) {
  const tomlPath = join(dir, "wrangler.toml");
  const builtPath = join(dir, "wrangler.json");
  writeFileSync(tomlPath, toml);
  writeFileSync(builtPath, JSON.stringify(built));
  const res = spawnSync(process.execPath, ["scripts/check-no-latency.mjs", tomlPath, builtPath], {
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  return { code: res.status, out: res.stdout + res.stderr };
}

test("passes a config that does not set it (the repository's own too)", () => {
  const own = check(readFileSync("wrangler.toml", "utf8"), BUILT);
  assert.equal(own.code, 0, own.out);
  assert.match(own.out, /No deploy config sets D1_LATENCY_MS/);
});

test("fails, naming where, when wrangler.toml's [vars] sets it", () => {
  const { code, out } = check(TOML.replace("[vars]\n", '[vars]\nD1_LATENCY_MS = "50"\n'), BUILT);
  assert.equal(code, 1);
  assert.match(out, /D1_LATENCY_MS is set in .*wrangler\.toml \[vars\]: it only delays D1 on a local server and must not be deployed/);
});

test("fails when an environment's vars set it", () => {
  const { code, out } = check(`${TOML}\n[env.staging.vars]\nD1_LATENCY_MS = "50"\n`, BUILT);
  assert.equal(code, 1);
  assert.match(out, /\[env\.staging\.vars\]/);
});

test("fails when the built wrangler.json sets it, even set to 0", () => {
  const { code, out } = check(TOML, { ...BUILT, vars: { ...BUILT.vars, D1_LATENCY_MS: "0" } });
  assert.equal(code, 1);
  assert.match(out, /wrangler\.json \[vars\]/);
});
