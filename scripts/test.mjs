// `npm test`: every check, with the steps that do not depend on each other run side by side.
// Each step is one of the npm scripts below, run as it would be alone; its output is kept
// and printed as one block when it ends (the one step still running streams live), with
// its wall and CPU time. A step runs when the steps it needs have passed; one that fails
// fails `npm test`, and the steps that needed it are not run (and count as failed).
//
//   npm test                       all of them
//   npm test -- typecheck unit     only these (and nothing they need)
//
// The order: the build (test:deploy) first, beside the typecheck and lint, which only read
// sources; then the budgets and the start-twice test on that build, beside vitest; the
// e2e suite last, on the same build. What runs together was measured on the 2-core CI
// machine (docs/testing.md, "How npm test runs"): only steps that wait for something share
// the cores with one that does not.
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** name → the npm script, what must pass first, and what must merely have finished first (for the cores, not the data). */
const STEPS = {
  typecheck: { script: "typecheck", needs: [], after: [] },
  lint: { script: "lint", needs: [], after: [] },
  deploy: { script: "test:deploy", needs: [], after: [] },
  budgets: { script: "test:budgets", needs: ["deploy"], after: [] },
  start: { script: "test:start", needs: ["deploy"], after: [] },
  unit: { script: "test:unit", needs: [], after: [] },
  e2e: { script: "test:e2e", needs: ["deploy"], after: ["unit", "start", "budgets"] },
};

const wanted = process.argv.slice(2);
for (const name of wanted) {
  if (!(name in STEPS)) {
    console.error(`✗ no step ${name}; the steps: ${Object.keys(STEPS).join(", ")}`);
    process.exit(2);
  }
}
const selected = wanted.length ? Object.keys(STEPS).filter((n) => wanted.includes(n)) : Object.keys(STEPS);

const LOGS = "test-results/steps";
rmSync(LOGS, { recursive: true, force: true });
mkdirSync(LOGS, { recursive: true });

const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = () => `${Math.round((Date.now() - t0) / 1000)} s`;

/** @type {Map<string, {state: "waiting"|"running"|"passed"|"failed"|"skipped", out: string[], live: boolean, start?: number, wall?: number, cpu?: number, code?: number|string}>} */
const runs = new Map(selected.map((n) => [n, { state: "waiting", out: [], live: false }]));
let liveStep = null;

function write(text) {
  process.stdout.write(text);
}

/** The CPU seconds bash's `times` reported for the step's command and its children (user + sys). */
function cpuOf(file) {
  try {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const toSec = (s) => {
      const m = /(\d+)m([\d.]+)s/.exec(s);
      return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
    };
    return lines.flatMap((l) => l.trim().split(/\s+/)).reduce((sum, s) => sum + toSec(s), 0);
  } catch {
    return undefined;
  }
}

function header(name, run) {
  const mark = run.state === "passed" ? "✓" : "✗";
  const cpu = run.cpu === undefined ? "" : `, CPU ${secs(run.cpu * 1000)}`;
  return `━━ ${mark} ${name} (npm run ${STEPS[name].script}): ${run.state} in ${secs(run.wall)}${cpu}; at ${clock()} ━━`;
}

function start(name) {
  const run = runs.get(name);
  run.state = "running";
  run.start = Date.now();
  const timesFile = join(LOGS, `${name}.times`);
  // bash's `times` after the command: the user and sys time of it and every child it waited for.
  const child = spawn("bash", ["-c", `npm run ${STEPS[name].script}; s=$?; times > "${timesFile}"; exit $s`], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const logFile = join(LOGS, `${name}.log`);
  writeFileSync(logFile, "");
  const onData = (chunk) => {
    const text = chunk.toString();
    appendFileSync(logFile, text); // readable while the step runs: tail -f test-results/steps/NAME.log
    if (run.live) write(text);
    else run.out.push(text);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  write(`── ${name} started at ${clock()}\n`);
  child.on("close", (code, signal) => {
    run.wall = Date.now() - run.start;
    run.cpu = cpuOf(timesFile);
    run.code = code ?? signal;
    run.state = code === 0 ? "passed" : "failed";
    if (run.live) {
      write(`\n${header(name, run)}\n\n`);
      liveStep = null;
    } else {
      write(`\n${header(name, run)}\n${run.out.join("")}${run.out.length ? "\n" : ""}`);
    }
    schedule();
  });
}

function ready(name) {
  const { needs, after } = STEPS[name];
  const done = (n) => !runs.has(n) || ["passed", "failed", "skipped"].includes(runs.get(n).state);
  return needs.every((n) => !runs.has(n) || runs.get(n).state === "passed") && after.every(done);
}

function blocked(name) {
  return STEPS[name].needs.some((n) => runs.has(n) && ["failed", "skipped"].includes(runs.get(n).state));
}

function schedule() {
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, run] of runs) {
      if (run.state !== "waiting") continue;
      if (blocked(name)) {
        run.state = "skipped";
        write(`── ${name} not run: ${STEPS[name].needs.filter((n) => runs.get(n)?.state !== "passed").join(", ")} failed\n`);
        changed = true;
      } else if (ready(name)) {
        start(name);
      }
    }
  }
  const running = [...runs].filter(([, r]) => r.state === "running");
  const waiting = [...runs].filter(([, r]) => r.state === "waiting");
  // The one step left running streams from here on: what it wrote so far first.
  if (running.length === 1 && waiting.length === 0 && liveStep === null) {
    const [name, run] = running[0];
    liveStep = name;
    write(`── ${name}'s output so far, then live:\n${run.out.join("")}`);
    run.live = true;
  }
  if (running.length === 0 && waiting.length === 0) finish();
}

function finish() {
  const rows = [...runs].map(([name, r]) => {
    const mark = r.state === "passed" ? "✓" : "✗";
    const times =
      r.wall === undefined
        ? "not run"
        : `${secs(r.wall).padStart(8)} wall${r.cpu === undefined ? "" : `, ${secs(r.cpu * 1000).padStart(8)} CPU`}`;
    return `  ${mark} ${name.padEnd(10)} ${times}`;
  });
  const failed = [...runs].filter(([, r]) => r.state !== "passed").map(([n]) => n);
  const verdict = failed.length ? `; FAILED: ${failed.join(", ")}` : ", all passed";
  write(`\nnpm test: ${runs.size} steps in ${secs(Date.now() - t0)}${verdict}\n${rows.join("\n")}\n`);
  process.exit(failed.length ? 1 : 0);
}

// Ctrl-C: npm and the runners stop with their process group; report what had finished.
process.on("SIGINT", () => {
  write("\nInterrupted.\n");
  process.exit(130);
});

// A quiet minute: say what is still running, so a CI log shows progress.
setInterval(() => {
  const running = [...runs].filter(([, r]) => r.state === "running" && !r.live).map(([n]) => n);
  if (running.length) write(`── at ${clock()}: ${running.join(", ")} still running\n`);
}, 60_000).unref();

schedule();
