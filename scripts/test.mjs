// `npm test`: every check, with the steps that do not depend on each other run side by side.
// Each step is one of the npm scripts below, run as it would be alone; its output is kept
// and printed as one block when it ends (the one step still running streams live), with
// its wall and CPU time. A step runs when the steps it needs have passed; one that fails
// fails `npm test`, and the steps that needed it are not run (and count as failed).
//
//   npm test                       all of them
//   npm test -- typecheck unit     only these (and nothing they need)
//
// The order: the build (test:deploy) beside vitest, then the budgets and the start-twice
// test on that build, beside vitest too. The e2e suite's server (scripts/e2e-server.mjs: a
// freshly seeded D1, then workerd) starts once the build is there, and the suite's first
// part runs while vitest does: the specs that need the server to themselves (the HTML
// budgets, the read walk, the league-wide settings), which leave most of a core idle. The
// rest of the suite runs after vitest, on the same server, with the typecheck, the lint and
// the scripts' tests beside it at a lower priority. The start-twice test runs `npm run
// dev`, whose type generation rewrites .react-router/types: it ends before the typecheck
// starts. What runs together was measured on the 2-core CI machine (docs/testing.md, "How npm
// test runs"): only steps that wait for something share the cores with one that does not.
import "./check-node.mjs"; // first: on an older Node, this runs again on the pinned Node 24
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * name → the npm script (`args` passed to it after `--`, `env` added to its environment),
 * what must pass first, and what must merely have finished first (for the cores, not the
 * data). `nice`: the step runs at a lower CPU priority (nice 10), for the steps nothing
 * else waits on: they start once vitest has ended, beside the e2e suite, and take the
 * cores it leaves idle (its runner and browser wait on the server) rather than vitest's,
 * which the e2e suite waits for.
 */
const STEPS = {
  typecheck: { script: "typecheck", needs: [], after: ["unit", "start"], nice: true },
  lint: { script: "lint", needs: [], after: ["unit"], nice: true },
  deploy: { script: "test:deploy", needs: [], after: [] },
  budgets: { script: "test:budgets", needs: ["deploy"], after: [] },
  start: { script: "test:start", needs: ["deploy"], after: [] },
  scripts: { script: "test:scripts", needs: [], after: ["unit"], nice: true },
  unit: { script: "test:unit", needs: [], after: [] },
  // The e2e suite in two parts (playwright.config.ts): the projects that run alone, then desktop and mobile.
  "e2e-alone": { script: "test:e2e", args: ["--project=league-wide"], env: { E2E_PART: "alone" }, needs: ["deploy"], after: [] },
  e2e: {
    script: "test:e2e",
    args: ["--project=desktop", "--project=mobile", "--no-deps"],
    needs: ["deploy"],
    after: ["unit", "start", "budgets", "e2e-alone"],
  },
};

/**
 * The e2e suite's server, started by this script once the build is there and the steps in
 * `after` have ended; the suite's parts wait for it to answer and reuse it (E2E_SERVER, read
 * by playwright.config.ts), and it is stopped when the last of them ends.
 */
const E2E_SERVER = { for: ["e2e-alone", "e2e"], needs: ["deploy"], after: ["budgets"], port: process.env.E2E_PORT ?? "8788" };
const servedBy = (name) => E2E_SERVER.for.includes(name);

/** The step's command: `npm run SCRIPT`, with its arguments after `--`. */
const commandOf = (name) => `npm run ${STEPS[name].script}${STEPS[name].args ? ` -- ${STEPS[name].args.join(" ")}` : ""}`;

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
  return `━━ ${mark} ${name} (${commandOf(name)}): ${run.state} in ${secs(run.wall)}${cpu}; at ${clock()} ━━`;
}

/** @type {{state: "starting"|"up"|"failed", child: import("node:child_process").ChildProcess, log: string} | null} */
let server = null;

const answers = async (url) => {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
};

/**
 * Starts the e2e server in a process group of its own (workerd, the stand-ins), its output
 * in its log; refuses a port something else already answers on, as Playwright would.
 */
async function startServer() {
  const log = join(LOGS, "e2e-server.log");
  writeFileSync(log, "");
  const url = `http://localhost:${E2E_SERVER.port}/`;
  server = { state: "starting", child: null, log };
  if (await answers(url)) {
    server.state = "failed";
    write(`── the e2e server's port ${E2E_SERVER.port} is taken: stop what answers at ${url} or set E2E_PORT\n`);
    schedule();
    return;
  }
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs", E2E_SERVER.port], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.child = child;
  child.stdout.on("data", (d) => appendFileSync(log, d));
  child.stderr.on("data", (d) => appendFileSync(log, d));
  child.on("exit", (code, signal) => {
    if (server.state === "starting") {
      server.state = "failed";
      write(`── the e2e server exited (${code ?? signal}) before it served; its output: ${log}\n`);
      schedule();
    }
  });
  write(`── e2e server starting at ${clock()} on port ${E2E_SERVER.port}\n`);
  while (server.state === "starting") {
    if (await answers(url)) {
      server.state = "up";
      write(`── e2e server up at ${clock()}\n`);
      schedule();
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function stopServer() {
  try {
    if (server?.child) process.kill(-server.child.pid, "SIGTERM");
  } catch {}
}

function start(name) {
  const run = runs.get(name);
  run.state = "running";
  run.start = Date.now();
  const timesFile = join(LOGS, `${name}.times`);
  const serverEnv = servedBy(name) ? { E2E_PORT: E2E_SERVER.port, E2E_SERVER: "running" } : {};
  // bash's `times` after the command: the user and sys time of it and every child it waited for.
  const nice = STEPS[name].nice ? "nice -n 10 " : "";
  const child = spawn("bash", ["-c", `${nice}${commandOf(name)}; s=$?; times > "${timesFile}"; exit $s`], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...serverEnv, ...STEPS[name].env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
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
    if (servedBy(name)) {
      if (E2E_SERVER.for.every(ended)) stopServer();
      if (run.state === "failed") run.out.push(`(the e2e server's output: ${server.log})\n`);
    }
    if (run.live) {
      write(`\n${header(name, run)}\n\n`);
      liveStep = null;
    } else {
      write(`\n${header(name, run)}\n${run.out.join("")}${run.out.length ? "\n" : ""}`);
    }
    schedule();
  });
}

const ended = (n) => !runs.has(n) || ["passed", "failed", "skipped"].includes(runs.get(n).state);
const passed = (n) => !runs.has(n) || runs.get(n).state === "passed";

function ready(name) {
  const { needs, after } = STEPS[name];
  const serverUp = !servedBy(name) || server?.state === "up";
  return needs.every(passed) && after.every(ended) && serverUp;
}

function blocked(name) {
  const serverFailed = servedBy(name) && server?.state === "failed";
  return serverFailed || STEPS[name].needs.some((n) => runs.has(n) && ["failed", "skipped"].includes(runs.get(n).state));
}

function schedule() {
  const serverNeeded = E2E_SERVER.for.some((n) => runs.get(n)?.state === "waiting");
  if (serverNeeded && !server && E2E_SERVER.needs.every(passed) && E2E_SERVER.after.every(ended)) {
    startServer().catch((err) => {
      server.state = "failed";
      write(`── the e2e server could not start: ${err.message}\n`);
      schedule();
    });
  }
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, run] of runs) {
      if (run.state !== "waiting") continue;
      if (blocked(name)) {
        run.state = "skipped";
        const failed = STEPS[name].needs.filter((n) => runs.has(n) && runs.get(n).state !== "passed");
        write(`── ${name} not run: ${failed.length ? failed.join(", ") : "its server"} failed\n`);
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

// However this script ends, the e2e server (a process group of its own) ends with it.
process.on("exit", stopServer);

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
