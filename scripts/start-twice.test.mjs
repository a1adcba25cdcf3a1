// `npm start` and `npm run dev` on a local database that already exists: the second start
// must serve the same data and print the logins of the league that is there (a newcomer's
// second day). Each run is the real npm script on a LEAGUE_PERSIST folder of its own and
// free ports, stopped as Ctrl-C would stop it (the whole process group).
//
// The first `npm start` builds only when there is no build yet (in `npm test` an earlier
// step made one); every other start serves that build (LEAGUE_PREBUILT). Once the first
// start has made the demo league, the two scenarios run side by side: the demo folder is
// started again, and a copy of it is reseeded with the scale league.
//
//   node --test scripts/start-twice.test.mjs   (npm run test:start)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

const root = mkdtempSync(join(tmpdir(), "league-start-twice-"));
after(() => rmSync(root, { recursive: true, force: true }));
const demoState = join(root, "demo");
const scaleState = join(root, "scale");
const heldState = join(root, "held");

const NEWCOMER = { email: "second-day@league.test", name: "Second Day", password: "SecondDay2026" };
const SCALE_PLAYER = { email: "scale1@league.test", password: "PlayerPass2026" };

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Listens on `port` as a server would that has not let go yet; `close()` lets go. */
function hold(port) {
  return new Promise((resolve, reject) => {
    // A closing server takes no more requests: each connection is dropped at once.
    const server = createServer((socket) => socket.destroy())
      .once("error", reject)
      .listen(port, "127.0.0.1", () => resolve({ close: () => new Promise((done) => server.close(done)) }));
  });
}

/** A free port whose + 1000 and + 1001 (the PayPal and push stand-ins') are free too. */
async function freePorts() {
  for (let i = 0; i < 50; i++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1000)) && (await portIsFree(port + 1001))) return port;
  }
  throw new Error("no free port pair found");
}

/** Runs `npm run <script>` on the `persist` folder, in its own process group with output captured. */
function npm(script, persist, env) {
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
    const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
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
  // The grace timer must not outlive the stop: a pending one kept the test process alive
  // 10 s after the last test had passed.
  let grace;
  await Promise.race([run.exited, new Promise((resolve) => (grace = setTimeout(resolve, 10_000)))]);
  clearTimeout(grace);
  try {
    process.kill(-run.child.pid, "SIGKILL");
  } catch {}
  for (let i = 0; i < 40 && !(await portIsFree(port)); i++) await sleep(250);
}

/** Starts `script` on `persist`, waits until it serves, runs `check`, and always stops it. */
async function serve(script, persist, check, env = { LEAGUE_PREBUILT: "1" }) {
  const port = await freePorts();
  const origin = `http://localhost:${port}`;
  const run = npm(script, persist, { PORT: String(port), ...env });
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

/** The demo league made by a first `npm start`, with a newcomer's account in it. */
async function firstStart() {
  // Builds when nothing has been built yet, as on a fresh clone.
  const prebuilt = existsSync("build/server/wrangler.json") && existsSync("build/client");
  await serve(
    "start",
    demoState,
    async (origin, output) => {
      assert.match(output, /Seeded the local D1 with the demo league/);
      assert.match(output, /Demo logins — admin: admin@league\.test/);
      assert.equal((await post(origin, "/api/users/register", NEWCOMER)).status, 201);
    },
    prebuilt ? { LEAGUE_PREBUILT: "1" } : {},
  );
  // The reseed below starts from the same database: the newcomer is in it. The held-port
  // start gets a copy of its own: two servers on one local D1 at once would lock each other out.
  cpSync(demoState, scaleState, { recursive: true });
  cpSync(demoState, heldState, { recursive: true });
}
const demoLeague = firstStart();
demoLeague.catch(() => {}); // each test below awaits it and fails with its error

describe("a second start on an existing local database", { concurrency: true }, () => {
  test("npm start, stopped and started again on the same database, serves it and prints the demo logins", {
    timeout: 300_000,
  }, async () => {
    await demoLeague;
    for (const script of ["start", "dev"]) {
      await serve(script, demoState, async (origin, output) => {
        assert.doesNotMatch(output, /Seeded the local D1/, `${script} reseeded an existing database`);
        assert.match(output, /already has the demo league/);
        assert.match(output, /Demo logins — admin: admin@league\.test/);
        // What the first run wrote is still there.
        assert.equal((await logIn(origin, NEWCOMER)).status, 200, `${script}: the account made in the first run is gone`);
        assert.equal(await playerCount(origin), 120);
      });
    }
  });

  test("a restart on a port the previous server still holds waits for it to let go, says so, then serves", {
    timeout: 300_000,
  }, async () => {
    await demoLeague;
    const port = await freePorts();
    // The previous server's ports (the app's and the PayPal stand-in's), let go once the new
    // start has said it waits for both (however long its preparing took on a busy machine).
    const held = await Promise.all([hold(port), hold(port + 1000)]);
    const run = npm("start", heldState, { PORT: String(port), LEAGUE_PREBUILT: "1" });
    const waits = [
      `Port ${port} is still held by the previous server: waiting for it to let go`,
      `[paypal stand-in] Port ${port + 1000} is still held`,
    ];
    const release = (async () => {
      for (let i = 0; i < 240 && !waits.every((line) => run.output().includes(line)); i++) await sleep(500);
      await sleep(1_000); // a moment of waiting, as a closing server takes
      await Promise.all(held.map((h) => h.close()));
    })();
    try {
      await waitForApp(run, `http://localhost:${port}`);
      await release;
      for (const line of waits) assert.ok(run.output().includes(line), `no "${line}" in:\n${run.output()}`);
      assert.doesNotMatch(run.output(), /Address already in use|EADDRINUSE|stand-in\] exited/);
      const standIn = await fetch(`http://127.0.0.1:${port + 1000}/standin/health`);
      assert.equal(standIn.status, 200);
    } finally {
      await release;
      await stop(run, port);
    }
  });

  test("npm run seed:scale then npm start serves the scale league and prints its logins", { timeout: 300_000 }, async () => {
    await demoLeague;
    // A copy of the first run's database: the reseed recreates it (the newcomer is gone).
    const seed = npm("seed:scale", scaleState, {});
    assert.equal(await seed.exited, 0, seed.output());
    assert.match(seed.output(), /Deleted the local D1, page cache and live rounds/);
    assert.match(seed.output(), /Scale logins — admin: admin@league\.test/);
    await serve("start", scaleState, async (origin, output) => {
      assert.match(output, /already has the scale league/);
      assert.match(output, /Scale logins — admin: admin@league\.test \/ \S+; players: scale1…scale1500@league\.test/);
      assert.doesNotMatch(output, /Demo logins/);
      assert.equal((await logIn(origin, SCALE_PLAYER)).status, 200);
      assert.equal((await logIn(origin, NEWCOMER)).status, 401);
      assert.equal(await playerCount(origin), 2000);
    });
  });
});
