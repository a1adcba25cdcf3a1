// The pinned Node 24 (scripts/node24.mjs) and an entry's run again on it (scripts/check-node.mjs,
// ADR 40): the pin is what is fetched and nothing else is, and an entry started on an older
// Node runs on the pinned one with its arguments, exit code and signals. The re-run tests
// need a Node older than 22.22: LEAGUE_OLD_NODE, else one on PATH or in /usr/bin.
//
//   node --test scripts/node24.test.mjs   (part of npm run test:scripts)
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { after, describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { PIN, binOf, ensurePinnedNode, newEnough } from "./node24.mjs";

const root = mkdtempSync(join(tmpdir(), "league-node24-"));
after(() => rmSync(root, { recursive: true, force: true }));
const version = (node) => spawnSync(node, ["--version"], { encoding: "utf8" }).stdout?.trim().replace(/^v/, "");
const pinned = PIN.packages[`${process.platform}-${process.arch}`];

describe("the pinned Node", () => {
  test("is an exact Node 24 at or above the minimum, pinned by integrity, in a git-ignored folder", () => {
    assert.match(PIN.version, /^24\.\d+\.\d+$/);
    assert.ok(newEnough(PIN.version));
    assert.ok(!newEnough("22.21.9") && !newEnough("20.20.2") && newEnough("22.22.0") && newEnough("23.0.0"));
    for (const pkg of Object.values(PIN.packages)) assert.match(pkg.integrity, /^sha512-[A-Za-z0-9+/]{86}==$/);
    assert.equal(spawnSync("git", ["check-ignore", "-q", ".node/bin/node"]).status, 0, ".node/ is not git-ignored");
  });

  test("is fetched into an empty folder, checked, and runs; a second call fetches nothing", { skip: !pinned && "not pinned here" }, () => {
    const dir = join(root, "fetched");
    assert.equal(ensurePinnedNode(dir), true);
    assert.equal(version(join(binOf(dir), "node")), PIN.version);
    assert.equal(ensurePinnedNode(dir), false);
  });

  test("a tarball whose integrity is not the pinned one is refused, and nothing is installed", {
    skip: !pinned && "not pinned here",
  }, () => {
    const dir = join(root, "tampered");
    const integrity = `sha512-${"A".repeat(86)}==`;
    const pin = { ...PIN, packages: { ...PIN.packages, [`${process.platform}-${process.arch}`]: { ...pinned, integrity } } };
    assert.throws(() => ensurePinnedNode(dir, pin), /is not the pinned one/);
    assert.equal(existsSync(binOf(dir)), false);
  });
});

/** The first Node older than 22.22 to be found, or undefined. */
function oldNode() {
  const candidates = [
    process.env.LEAGUE_OLD_NODE,
    ...(process.env.PATH ?? "").split(delimiter).map((d) => join(d, "node")),
    "/usr/bin/node",
  ];
  return candidates.find((node) => node && existsSync(node) && version(node) && !newEnough(version(node)));
}
const old = oldNode();

// An entry as the npm scripts' are: check-node.mjs first, then what only the new Node runs.
const entry = join(root, "entry.mjs");
writeFileSync(
  entry,
  `import ${JSON.stringify(pathToFileURL(join(import.meta.dirname, "check-node.mjs")).href)};
import { execFileSync, spawn } from "node:child_process";
const [mode, ...rest] = process.argv.slice(2);
const onPath = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
console.log(JSON.stringify({ version: process.version, onPath, rest, pid: process.pid }));
if (mode === "wait") {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "inherit" });
  console.log(JSON.stringify({ grandchild: child.pid }));
  setInterval(() => {}, 1000);
} else process.exit(Number(mode));
`,
);

// Whatever a failed test leaves running (each run is a process group of its own) ends with the file.
const groups = [];
after(() => {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
});

/** Runs the entry on the old Node in a process group of its own; resolves with what it printed and how it ended. */
function runOld(args, env = {}, onLine = () => {}) {
  const child = spawn(old, [entry, ...args], { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  groups.push(child.pid);
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
    onLine(out, child);
  });
  child.stderr.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, out })));
}
/** Waits up to 5 s for `pid` to end (a zombie waiting for its reaper counts as ended). */
async function ends(pid) {
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(pid, 0);
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))) return true;
    } catch {
      return true;
    }
    await sleep(100);
  }
  return false;
}
const json = (out, key) => JSON.parse(out.split("\n").find((l) => l.startsWith(`{"${key}"`)));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const NOT_HERE = !old && "no Node older than 22.22 here (LEAGUE_OLD_NODE)";
const T = { timeout: 20_000 }; // a signal not passed on leaves the run waiting
describe("an entry started on a Node older than 22.22", { skip: NOT_HERE }, () => {
  test("runs again on the pinned Node, .node/bin first on PATH, its arguments and exit code passed through", T, async () => {
    const { code, out } = await runOld(["7", "a b", "--flag"]);
    assert.equal(code, 7, out);
    const ran = json(out, "version");
    assert.deepEqual([ran.version, ran.onPath, ran.rest], [`v${PIN.version}`, `v${PIN.version}`, ["a b", "--flag"]]);
    assert.equal(out.match(/is older than 22\.22: .*running on Node 24\.\d+\.\d+ from /g)?.length, 1, out);
  });

  for (const [how, stops, signal, toGroup] of [
    ["Ctrl-C (SIGINT to its process group)", "the re-run entry and what it started", "SIGINT", true],
    ["a SIGTERM sent to it alone", "the re-run entry", "SIGTERM", false],
  ]) {
    test(`${how} stops ${stops}, and it ends by that signal`, T, async () => {
      let pids;
      const ended = runOld(["wait"], {}, (out, child) => {
        if (pids || !out.includes('{"grandchild"')) return;
        pids = [json(out, "version").pid, json(out, "grandchild").grandchild];
        process.kill(toGroup ? -child.pid : child.pid, signal);
      });
      const { code, signal: got, out } = await ended;
      assert.deepEqual([code, got], [null, signal], out);
      // A signal to the group reaches the re-run entry's own child too; one to the entry alone does not.
      for (const pid of toGroup ? pids : pids.slice(0, 1)) assert.ok(await ends(pid), `${pid} still runs`);
      if (!toGroup) process.kill(pids[1]);
    });
  }

  test("with LEAGUE_NODE_FETCH=0 it prints the advice and runs nothing", T, async () => {
    const { code, out } = await runOld(["0"], { LEAGUE_NODE_FETCH: "0" });
    assert.equal(code, 1);
    assert.match(out, /needs Node 22\.22 or newer; this is Node v\d+.*LEAGUE_NODE_FETCH=0/);
    assert.match(out, /nvm install && nvm use/);
    assert.doesNotMatch(out, /"version"/);
  });

  test("as the root preinstall it says in one line what happens next and succeeds", T, () => {
    const res = spawnSync(old, ["scripts/check-node.mjs"], { encoding: "utf8" });
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, /^Node \S+ is older than 22\.22: .*Node 24\.\d+\.\d+ .*; npm start, npm test and npm run dev run on it\.\n$/);
  });
});
