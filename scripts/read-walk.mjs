// The read walk (docs/testing.md): every page's data URL and every /api GET, as a visitor, a
// player and the admin, over a freshly seeded demo league, answered by the code as it is.
//
//   node scripts/read-walk.mjs record FILE          walk, and keep what each URL answered in FILE
//   node scripts/read-walk.mjs compare FILE         walk, and list every answer that differs from FILE's
//   node scripts/read-walk.mjs compare FILE1 FILE2  the differences between two records, no walk
//
// Each walk builds the app if it is stale and serves it on READ_WALK_PORT (default 8876) over
// its own state folder (.walk-state, wiped first), seeded as of the start of the UTC day
// (LEAGUE_SEED_NOW): two walks of one day see the same league. Compare on the day of the
// record: the app's own clock decides which rounds are past or open. `record` also prints
// each URL's D1 queries, calls and round trips (Server-Timing), kept in FILE beside the answers
// and as a table in FILE-trips.txt.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { buildIfStale, run, serveInGroup, waitForServer } from "./lib.mjs";
import { ROLES, discoverIds, walkUrls } from "./read-walk/list.ts";
import { tripsOf } from "./read-walk/trips.ts";
import { differences, keepBody, normaliser, plainTurboStream } from "./read-walk/normalise.mjs";
import { recordRounds } from "./read-walk/rounds.mjs";

const [mode, file, other] = process.argv.slice(2);
if (!["record", "compare"].includes(mode) || !file) {
  console.error("usage: node scripts/read-walk.mjs record FILE | compare FILE [FILE2]");
  process.exit(2);
}

if (mode === "compare" && other) process.exit(report(read(file), read(other)));

const port = Number(process.env.READ_WALK_PORT ?? 8876);
const origin = `http://localhost:${port}`;
process.env.LEAGUE_PERSIST = ".walk-state";
rmSync(process.env.LEAGUE_PERSIST, { recursive: true, force: true });
buildIfStale();
// From before the seed: its inserts stamp audit rows with the moment they ran.
const from = Math.floor(Date.now() / 1000);
process.env.LEAGUE_SEED_NOW ??= String(Math.floor(Date.now() / 86_400_000) * 86_400);
run(process.execPath, ["scripts/prepare-db.mjs"]);
// No cron ticker: nothing but the walk's own requests runs on this server.
serveInGroup(process.execPath, ["scripts/serve-build.mjs", String(port)]);
// Ready when it answers: a URL outside the walk, so no walked page is cached before the walk.
await waitForServer(`${origin}/favicon.ico`);

/** A call as a browser on the app sends it (a form's fields urlencoded): its JSON answer, or its text for a form. */
const call = async (method, path, body, cookie, asForm = false) => {
  const res = await fetch(origin + path, {
    method,
    headers: {
      Origin: origin,
      "Content-Type": asForm ? "application/x-www-form-urlencoded" : "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : asForm ? new URLSearchParams(body) : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return asForm ? res.text() : res.json();
};
const post = (path, body, cookie) => call("POST", path, body, cookie);
const tokens = {
  player: (await post("/api/users/login", { email: "player1@league.test", password: "PlayerPass2026" })).token,
  admin: (await post("/api/admin/login", { username: "admin@league.test", password: "LeagueAdmin2026" })).token,
};
// player2 (an approved claim) joins a full round's waitlist in the set-up; the walk is player1's.
const player2 = `__Host-session=${(await post("/api/users/login", { email: "player2@league.test", password: "PlayerPass2026" })).token}`;
const cookie = (role) => (role === "visitor" ? {} : { Cookie: `__Host-session=${tokens[role]}` });
// The player's personal calendar feed: made once, before the walk (the one write besides the logins).
const feedUrl = (await post("/api/users/me/calendar-token", {}, cookie("player").Cookie)).feed_url;
const feedToken = /\/calendar\/([^/]+)\.ics$/.exec(feedUrl)[1];

const getJson = async (path, role) => (await fetch(origin + path, { headers: cookie(role) })).json();
const made = await recordRounds({
  day: Number(process.env.LEAGUE_SEED_NOW),
  as: (role, method, path, body) => call(method, path, body, role === "admin" ? cookie("admin").Cookie : player2),
  form: (path, fields) => call("POST", path, fields, cookie("admin").Cookie, true),
  loaderData: async (path) => {
    const data = await plainTurboStream(await (await fetch(`${origin}${path}.data`, { headers: cookie("admin") })).text());
    return Object.entries(data).find(([route]) => route.startsWith("routes/"))[1].data;
  },
});
const ids = await discoverIds(getJson, new URL(feedUrl).pathname, made);
const urls = walkUrls(ids);

const raw = {};
for (const role of ROLES) {
  for (const url of urls) {
    const res = await fetch(origin + url, { headers: cookie(role), redirect: "manual" });
    raw[`${role} ${url.replace(feedToken, "<feed-token>")}`] = {
      status: res.status,
      location: res.headers.get("Location"),
      type: res.headers.get("Content-Type"),
      text: await res.text(),
      trips: tripsOf(res.headers.get("Server-Timing")),
    };
  }
}
const timeZone = /^LEAGUE_TIMEZONE\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"))?.[1] ?? "America/Chicago";
const secrets = [tokens.player, tokens.admin, player2.split("=")[1], feedToken];
const normalise = normaliser({ origin, from, to: Math.floor(Date.now() / 1000), secrets, timeZone });
const responses = {};
const trips = {};
for (const [key, r] of Object.entries(raw)) {
  responses[key] = {
    status: r.status,
    location: r.location && normalise.text(r.location),
    type: r.type,
    body: await keepBody(r.text, r.type, normalise),
  };
  trips[key] = r.trips;
}
const walked = { ids: { ...ids, feed: "/calendar/<feed-token>.ics" }, responses, trips };

if (mode === "record") {
  writeFileSync(file, `${JSON.stringify(walked, null, 1)}\n`);
  writeFileSync(file.replace(/(\.json)?$/, "-trips.txt"), `${table(walked)}\n`);
  console.log(table(walked));
  console.log(`\nRecorded ${Object.keys(responses).length} answers (${urls.length} URLs × ${ROLES.length} roles) in ${file}.`);
  process.exit(0);
}
process.exit(report(read(file), walked));

function read(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Prints the differences; 1 if there are any. */
function report(before, after) {
  if (JSON.stringify(before.ids) !== JSON.stringify(after.ids))
    console.log(`The ids walked differ: ${JSON.stringify(before.ids)} → ${JSON.stringify(after.ids)}`);
  const diffs = differences(before, after);
  for (const d of diffs) console.log(`✗ ${d.key}\n    ${d.what}`);
  console.log(diffs.length ? `\n${diffs.length} differences.` : `Identical: ${Object.keys(after.responses).length} answers.`);
  return diffs.length ? 1 : 0;
}

/** Each (role, URL): status, cache, D1 queries, calls and round trips. */
function table({ responses: all, trips: t }) {
  const rows = Object.keys(all).map((key) => {
    const { queries, calls, rt, cache } = t[key];
    return `${key.padEnd(64)} ${String(all[key].status).padStart(4)} ${String(cache ?? "").padEnd(6)} ${String(queries).padStart(7)} ${String(calls).padStart(7)} ${String(rt).padStart(4)}`;
  });
  const note = "# A visitor's cache miss of a page marked public counts one trip more: the local page cache's index row (ADR 11).";
  return [note, `${"role URL".padEnd(64)} stat cache  queries   calls d1rt`, ...rows].join("\n");
}
