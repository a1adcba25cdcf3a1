// `npm run bench:leagues [runs] [requests] [leagues]` (`BENCH_PORT=…`, default 8796, and the ports after it): the scale
// league's pages served alone, and served from a database that also holds `leagues` (1,000)
// small leagues (ADR 46), the same build, the same pages. Each run serves one then the other
// (never both at once), the order alternating, one request at a time (`requests` each, 10)
// after a warm-up round, so the machine's drift falls on both alike. Per page: the median of the runs'
// medians for each, the crowded one as a ratio to the alone one with the runs' spread, and
// the D1 round trips of each (they must be the same: a league's read is one trip however many
// leagues share its database). A bare Worker answering the same bytes is the floor of both
// (`npm run bench`); this bench compares the app with itself. See docs/performance.md.
import { cpSync, existsSync, globSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { signedInPages } from "./bench/pages.mjs";
import { f, median, profile } from "./bench/profile.mjs";
import { bin, ensureDevVars, quietEnv, run, serveInGroup as serve, waitForServer as ready } from "./lib.mjs";

const runs = Number(process.argv[2] ?? 3);
const requests = Number(process.argv[3] ?? 10);
const leagues = Number(process.argv[4] ?? 1000);
const ALONE = Number(process.env.BENCH_PORT ?? 8796);
const STATE = ".leagues-state";

console.log(`Seeding the scale league, then a copy with ${leagues} small leagues beside it (a few minutes)…`);
// BENCH_REUSE=1 serves the states a run before seeded, as they are.
if (!(process.env.BENCH_REUSE && existsSync(`${STATE}/crowded`))) {
  rmSync(STATE, { recursive: true, force: true });
  run(process.execPath, ["scripts/prepare-db.mjs", "--scale"], { env: { ...quietEnv(), LEAGUE_PERSIST: `${STATE}/alone` } });
  cpSync(`${STATE}/alone`, `${STATE}/crowded`, { recursive: true });
  addLeagues(`${STATE}/crowded`, leagues);
}
ensureDevVars();
run(bin("react-router"), ["build"]);

const at = (port) => (path) => `http://localhost:${port}${path}`;
/** One server on its own state, up until stopped: the two never run at once. */
// Stopping a server resets the idle keep-alive connections the bench's clients hold to it;
// Node reports that as an uncaught ECONNRESET on a socket nobody reads any more: not an error.
process.on("uncaughtException", (err) => {
  if (err?.code === "ECONNRESET") return;
  console.error(err);
  process.exit(1);
});

let starts = 0;
async function served(which) {
  // A port of its own each time: a port a stopped server held is never waited for.
  const port = ALONE + 2 * starts++ + (which === "alone" ? 0 : 1);
  const child = serve(process.execPath, ["scripts/serve-build.mjs", String(port)], {
    LEAGUE_PERSIST: `${STATE}/${which}`,
    D1_LATENCY_MS: "",
  });
  await ready(at(port)("/api/ace"));
  const stop = () =>
    new Promise((done) => {
      child.once("exit", done);
      process.kill(-child.pid, "SIGTERM");
    });
  return { app: at(port), stop };
}

// The same sessions work on both: the same accounts, the same secret, the same ids.
const first = await served("alone");
const { pages } = await signedInPages(first.app);
await first.stop();
const samples = { alone: [], crowded: [] };
for (let k = 0; k < runs; k++) {
  const order = k % 2 === 0 ? ["alone", "crowded"] : ["crowded", "alone"];
  for (const which of order) {
    const server = await served(which);
    // One round unmeasured: the isolate's first requests compile and fill its caches.
    await profile(server.app, pages, 1);
    samples[which].push(await profile(server.app, pages, requests));
    await server.stop();
  }
  console.log(`run ${k + 1} of ${runs} done`);
}

console.log(`\nThe scale league's pages, alone and beside ${leagues} leagues: ${runs} interleaved runs of ${requests} requests a page.`);
console.log("Wall = the client's whole request, ms: the median of the runs' medians; spread = the runs' lowest–highest.\n");
console.log("| page | alone | crowded | crowded ÷ alone | spread of the ratio | D1 ms alone / crowded | D1 trips alone / crowded |");
console.log("| --- | ---: | ---: | ---: | --- | --- | --- |");
const ratios = [];
for (const p of pages) {
  const walls = (which) => samples[which].map((s) => s.get(p.name).wall);
  const trips = (which) => median(samples[which].map((s) => s.get(p.name).trips));
  // The database's own time in the request (Server-Timing d1): where a gap in wall time is, or is not.
  const d1 = (which) => median(samples[which].map((s) => s.get(p.name).d1));
  const [a, c] = [median(walls("alone")), median(walls("crowded"))];
  const perRun = walls("crowded").map((w, i) => w / walls("alone")[i]);
  ratios.push(c / a);
  const spread = `${f(Math.min(...perRun), 2)}–${f(Math.max(...perRun), 2)}`;
  console.log(
    `| ${p.name} | ${f(a)} | ${f(c)} | ${f(c / a, 2)} | ${spread} | ${f(d1("alone"))} / ${f(d1("crowded"))} | ${f(trips("alone"), 0)} / ${f(trips("crowded"), 0)} |`,
  );
}
const within = ratios.filter((r) => r <= 1.1).length;
console.log(`\n${within} of ${pages.length} pages within 10 % (median ratio ${f(median(ratios), 3)}).`);
process.exit(0);

/**
 * `n` small leagues written straight into the local D1 (the server is not running): each with
 * its slug, settings, 30 players named like the scale league's, 10 rounds and 15 entries a
 * round, so the tables the scale league reads hold many other leagues' rows.
 */
function addLeagues(persist, n) {
  const [file] = globSync(`${persist}/v3/d1/miniflare-D1DatabaseObject/*.sqlite`).filter((p) => !p.endsWith("metadata.sqlite"));
  if (!file || !existsSync(file)) throw new Error(`no local D1 under ${persist}`);
  const db = new DatabaseSync(file);
  db.exec("BEGIN");
  db.exec(
    "insert into audit_actor (id, user_id, role) values (1, null, 'system') on conflict (id) do update set user_id = null, role = 'system'",
  );
  const league = db.prepare("insert into leagues (slug) values (?) returning id");
  const settings = db.prepare("insert into league_settings (league_id) values (?)");
  const player = db.prepare("insert into players (league_id, fn, ln, division) values (?, ?, ?, ?) returning id");
  const round = db.prepare(
    "insert into rounds (league_id, d, n, loc, fee_pdga_cents, fee_course_cents, fee_other_cents, ace_cents, payout_cents) values (?, ?, ?, 'Park', 100, 0, 0, 100, 500) returning id",
  );
  const entry = db.prepare("insert into entries (league_id, round_id, player_id, division, score, result) values (?, ?, ?, 'MA1', ?, ?)");
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < n; i++) {
    const { id } = league.get(`bench-${i + 1}`);
    settings.run(id);
    const ids = Array.from({ length: 30 }, (_, p) => player.get(id, `Scale${p + 1}`, "Player", "MA1").id);
    for (let r = 0; r < 10; r++) {
      const roundId = round.get(id, now - (r + 1) * 7 * 86_400, `Week ${r + 1}`).id;
      for (let e = 0; e < 15; e++) entry.run(id, roundId, ids[(r + e) % ids.length], 50 + e, `${e + 1}/15`);
    }
  }
  db.exec("COMMIT");
  db.close();
}
