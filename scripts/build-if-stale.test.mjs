// `npm start` builds only when needed (ADR 40): `scripts/build.mjs --if-stale` builds when a
// file the build is made of is newer than build/, and otherwise prints "build is current".
// Run in a folder of its own shaped like the app's, whose `react-router build` only records
// that it ran, so each case takes a moment and the checkout's build/ is never touched.
//
//   node --test scripts/build-if-stale.test.mjs   (part of npm run test:scripts)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, beforeEach, describe, test } from "node:test";

const dir = mkdtempSync(join(tmpdir(), "league-if-stale-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// What the build is made of, as the item names it: app/, workers/, public/, the lockfile
// and the Vite, React Router and wrangler configs (and .dev.vars, copied into the build).
const INPUTS = [
  "app/routes/home.tsx",
  "app/.server/services/money/books.ts",
  "workers/app.ts",
  "public/favicon.svg",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "wrangler.toml",
  ".dev.vars",
];
const OTHERS = ["docs/using.md", "tests/e2e/home.spec.ts", "README.md"];
const PAST = new Date("2026-01-01T00:00:00Z");
const BUILT_AT = PAST.getTime() + 10_000; // the stamp: after every input
const LATER = new Date(PAST.getTime() + 20_000);
const STAMP = join(dir, "build", ".built-at");

const write = (path, text = "") => {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
};
write(".dev.vars.example", "SESSION_SECRET=test-secret\nPAGE_CACHE=cache-api\n");
write(".dev.vars", "SESSION_SECRET=test-secret\nPAGE_CACHE=cache-api\n");
for (const path of [...INPUTS, ...OTHERS]) write(path, "// source\n");
// The stand-in for `react-router build`: records each run, writes what a build leaves, and
// fails when told to.
write(
  "node_modules/.bin/react-router",
  '#!/bin/sh\necho ran >> builds.log\nmkdir -p build/server build/client\necho {} > build/server/wrangler.json\ntest -z "$FAIL_BUILD"\n',
);
chmodSync(join(dir, "node_modules/.bin/react-router"), 0o755);

/** Every file and folder under `path` (and it) set to `time`. */
function age(path, time) {
  utimesSync(join(dir, path), time, time);
  const parent = dirname(path);
  if (parent !== ".") age(parent, time);
}

const builds = () => (existsSync(join(dir, "builds.log")) ? readFileSync(join(dir, "builds.log"), "utf8").split("\n").length - 1 : 0);

function ifStale(env = {}) {
  const res = spawnSync(process.execPath, [join(import.meta.dirname, "build.mjs"), "--if-stale"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { status: res.status, out: res.stdout + res.stderr };
}

describe("scripts/build.mjs --if-stale", () => {
  beforeEach(() => {
    for (const path of [...INPUTS, ...OTHERS, "node_modules/.package-lock.json", "package.json"]) {
      if (existsSync(join(dir, path))) age(path, PAST);
    }
    if (existsSync(STAMP)) writeFileSync(STAMP, String(BUILT_AT));
  });

  test("with no build yet it builds; run again with nothing changed it prints 'build is current' and builds nothing", () => {
    const first = ifStale();
    assert.equal(first.status, 0, first.out);
    assert.match(first.out, /No build yet: building\./);
    assert.equal(builds(), 1);
    const second = ifStale();
    assert.equal(second.status, 0, second.out);
    assert.match(second.out, /^build is current/m);
    assert.equal(builds(), 1);
  });

  for (const path of INPUTS) {
    test(`${path} newer than the build: it builds, then the build is current`, () => {
      age(path, LATER);
      const before = builds();
      assert.match(ifStale().out, /build\/ is older than the sources: building\./);
      assert.equal(builds(), before + 1);
      assert.match(ifStale().out, /^build is current/m);
      assert.equal(builds(), before + 1);
    });
  }

  test("a file added to app/ or removed from it makes the build stale", () => {
    write("app/routes/new-page.tsx", "// new\n");
    utimesSync(join(dir, "app/routes/new-page.tsx"), PAST, PAST);
    assert.match(ifStale().out, /older than the sources: building/);
    rmSync(join(dir, "app/routes/new-page.tsx"));
    writeFileSync(STAMP, String(Date.now() - 60_000)); // before the removal
    assert.match(ifStale().out, /older than the sources: building/);
  });

  test("a change outside what the build is made of (docs, tests, README) leaves it current", () => {
    for (const path of OTHERS) age(path, LATER);
    const before = builds();
    assert.match(ifStale().out, /^build is current/m);
    assert.equal(builds(), before);
  });

  test("a build that fails leaves what it wrote unstamped, so the next run builds again", () => {
    age("app/routes/home.tsx", LATER);
    const failed = ifStale({ FAIL_BUILD: "1" });
    assert.notEqual(failed.status, 0);
    assert.equal(readFileSync(STAMP, "utf8"), "building");
    const before = builds();
    assert.equal(ifStale().status, 0);
    assert.equal(builds(), before + 1);
    assert.match(readFileSync(STAMP, "utf8"), /^\d+$/);
    assert.match(ifStale().out, /^build is current/m);
  });
});
