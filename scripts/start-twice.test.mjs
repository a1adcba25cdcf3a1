// `npm start` and `npm run dev` on a local database that already exists: the second start
// must serve the same data and print the logins of the league that is there (a newcomer's
// second day). Each run is the real npm script on its own LEAGUE_PERSIST folder and free
// ports, stopped as Ctrl-C would stop it (the whole process group).
//
//   node --test scripts/start-twice.test.mjs   (npm run test:start; ~2 minutes on an idle machine)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

const persist = mkdtempSync(join(tmpdir(), "league-start-twice-"));
after(() => rmSync(persist, { recursive: true, force: true }));

const NEWCOMER = { email: "second-day@league.test", name: "Second Day", password: "SecondDay2026" };
const SCALE_PLAYER = { email: "scale1@league.test", password: "PlayerPass2026" };

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free port whose + 1000 (the PayPal stand-in's) is free too. */
async function freePorts() {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1000))) return port;
  }
  throw new Error("no free port pair found");
}

/** Runs `npm run <script>` in its own process group with output captured. */
function npm(script, env) {
  const child = spawn("npm", ["run", "--silent", script], {
    env: { ...process.env, LEAGUE_PERSIST: persist, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the app to answer its home page, failing with the script's output if it exits. */
async function waitForApp(run, origin, timeoutMs = 150_000) {
  let done = false;
  run.exited.then(() => {
    done = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done) assert.fail(`the script exited before serving:\n${run.output()}`);
    const res = await fetch(`${origin}/`).catch(() => null);
    if (res?.status === 200 && (await res.text()).includes("<html")) return;
    await sleep(500);
  }
  assert.fail(`nothing served at ${origin} after ${timeoutMs / 1000} s:\n${run.output()}`);
}

/** Stops the script as Ctrl-C would (its whole process group) and waits for the port to free. */
async function stop(run, port) {
  try {
    process.kill(-run.child.pid, "SIGINT");
  } catch {}
  await Promise.race([run.exited, sleep(10_000)]);
  try {
    process.kill(-run.child.pid, "SIGKILL");
  } catch {}
  for (let i = 0; i < 40 && !(await portIsFree(port)); i++) await sleep(250);
}

/** Starts `script`, waits until it serves, runs `check`, and always stops it. */
async function serve(script, check) {
  const port = await freePorts();
  const origin = `http://localhost:${port}`;
  const run = npm(script, { PORT: String(port) });
  try {
    await waitForApp(run, origin);
    await check(origin, run.output());
  } finally {
    await stop(run, port);
  }
}

const post = (origin, path, body) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(body),
  });

const logIn = (origin, who) => post(origin, "/api/users/login", { email: who.email, password: who.password });

async function playerCount(origin) {
  const res = await fetch(`${origin}/api/players/simpleList`);
  assert.equal(res.status, 200);
  return (await res.json()).length;
}

test("npm start, stopped and started again on the same database, serves it and prints the demo logins", { timeout: 600_000 }, async () => {
  await serve("start", async (origin, output) => {
    assert.match(output, /Seeded the local D1 with the demo league/);
    assert.match(output, /Demo logins — admin: admin@league\.test/);
    assert.equal((await post(origin, "/api/users/register", NEWCOMER)).status, 201);
  });
  for (const script of ["start", "dev"]) {
    await serve(script, async (origin, output) => {
      assert.doesNotMatch(output, /Seeded the local D1/, `${script} reseeded an existing database`);
      assert.match(output, /already has the demo league/);
      assert.match(output, /Demo logins — admin: admin@league\.test/);
      // What the first run wrote is still there.
      assert.equal((await logIn(origin, NEWCOMER)).status, 200, `${script}: the account made in the first run is gone`);
      assert.equal(await playerCount(origin), 120);
    });
  }
});

test("npm run seed:scale then npm start serves the scale league and prints its logins", { timeout: 600_000 }, async () => {
  // The same folder as above: the reseed recreates the database (the newcomer is gone).
  const seed = npm("seed:scale", {});
  assert.equal(await seed.exited, 0, seed.output());
  assert.match(seed.output(), /Deleted the local D1 and page cache/);
  assert.match(seed.output(), /Scale logins — admin: admin@league\.test/);
  await serve("start", async (origin, output) => {
    assert.match(output, /already has the scale league/);
    assert.match(output, /Scale logins — admin: admin@league\.test \/ \S+; players: scale1…scale1500@league\.test/);
    assert.doesNotMatch(output, /Demo logins/);
    assert.equal((await logIn(origin, SCALE_PLAYER)).status, 200);
    assert.equal((await logIn(origin, NEWCOMER)).status, 401);
    assert.equal(await playerCount(origin), 2000);
  });
});
