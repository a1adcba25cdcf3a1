import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ROLES, type Role } from "../../scripts/read-walk/list.ts";
import { isApi, tripBudget, tripsOf } from "../../scripts/read-walk/trips.ts";
import { api, letters, makePlayer, makeRound, playedRound } from "./api";
import { d1 } from "./d1";
import { appOrigin, test } from "./fixtures";
import { liveRound } from "./live";
import type { EntryJson, NewEntryJson } from "../../workers/api/serializers/entries";
import type { RoundJson } from "../../workers/api/serializers/rounds";

// The read walk's parts for tests/e2e/read-walk.spec.ts: the rounds it walks beside the
// seed's, the walk itself (the URLs of scripts/read-walk/list.ts), and the tables' checksums.

/** A form posted to a route's action as the page would (the Origin the Worker asks of a write). */
async function postForm(admin: Page, path: string, form: Record<string, string>) {
  const res = await admin.context().request.post(path, { headers: { Origin: appOrigin(test.info().project.use.baseURL) }, form });
  if (res.status() >= 400) throw new Error(`POST ${path} ${JSON.stringify(form)}: ${res.status()}`);
}

const entryIds = async (admin: Page, roundId: number) => (await api<EntryJson[]>(admin, "GET", `/api/entries/${roundId}`)).map((e) => e.id);

/**
 * Rounds in the states the seed lacks, made through the admin's /api as the other specs make
 * them: open for sign-up, capped and full with `waiter` on its waitlist, full with a place
 * offered to `waiter` (open, and one to lapse), live (published cards, strokes scored live,
 * a CTP pot with a player in it), played and paid out, doubles.
 */
export async function walkRounds(admin: Page, waiter: { page: Page; roundId: number; playerId: number; tag: string }) {
  const tag = letters();
  const open = await makeRound(admin, `Walk open ${tag}`, 5);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: open, openForRegistration: true });

  // waiter's round (claimedPlayer's, open): full, waiter waits. Two more full rounds offer
  // waiter the place their rival leaves: one offer stays open through the walk, the other
  // the spec lets lapse before it (lapseOffers).
  const capped = waiter.roundId;
  await fullRound(admin, waiter, capped);
  const offered = await offeredRound(admin, waiter, `Walk offer ${tag}`, 6);
  const lapsing = await offeredRound(admin, waiter, `Walk lapse ${tag}`, 7);

  const players = [await makePlayer(admin, "Liv", `Walk${tag}`, "MA2"), await makePlayer(admin, "Lou", `Walk${tag}`, "MA2")];
  const live = await liveRound(admin, `Walk live ${tag}`, players);
  const liveEntries = await entryIds(admin, live);
  const at = Math.floor(Date.now() / 1000);
  await api(admin, "POST", `/api/live/${live}/changes`, {
    changes: liveEntries.map((entryId) => ({ id: `walk-${tag}-${entryId}`, at, kind: "strokes", entryId, hole: 1, strokes: 3 })),
  });
  await postForm(admin, `/admin/round/night/${live}`, { intent: "addPot", name: `CTP ${tag}`, kind: "ctp", buy_in: "2", holes: "3" });
  // The pot's id is on no /api: read from the database. The first player buys in, owing it.
  const [pot] = d1(`select id from side_pots where round_id = ${live}`);
  await postForm(admin, `/admin/round/night/${live}`, {
    intent: "potPlayer",
    pot_id: String(pot?.id),
    entry_id: String(liveEntries[0]),
    join: "1",
  });

  const doubles = await makeRound(admin, `Walk doubles ${tag}`, -1, { aceDollars: 0, more: { doubles: true } });
  for (const fn of ["Dee", "Dan", "Dot", "Dub"]) {
    const player = await makePlayer(admin, fn, `Walk${tag}`, "MA2");
    const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
      values: { round_id: doubles, player, division: "MA2" },
    });
    await api(admin, "POST", `/api/admin/rounds/${doubles}/check-in`, { entry_id: newEntry.id });
  }
  await postForm(admin, `/admin/round/night/${doubles}`, { intent: "drawTeams", version: "0", mode: "random" });
  // Scores last: the ratings job they queue re-rates every round from this one's date on,
  // and would race (and retry 10 s later) with an entry added after it to a later round.
  const { roundId: played } = await playedRound(admin, [
    { fn: "Pia", division: "MA2", score: 50 },
    { fn: "Pat", division: "MA2", score: 54 },
  ]);
  await api(admin, "POST", "/api/admin/entry/creditPayouts", { round_id: played });

  return { open, capped, offered, lapsing, live, played, doubles };
}

/** A round, open and full, whose rival leaves: its place is offered to `waiter`. Its id. */
async function offeredRound(admin: Page, waiter: { page: Page; tag: string }, name: string, daysFromNow: number): Promise<number> {
  const roundId = await makeRound(admin, name, daysFromNow);
  await api(admin, "POST", "/api/admin/round/openForRegistration", { id: roundId, openForRegistration: true });
  await api(admin, "DELETE", `/api/entries/${await fullRound(admin, waiter, roundId)}`);
  return roundId;
}

/** A rival takes the round's one place (capped at 1) and `waiter` joins its waitlist: the rival's entry id. */
async function fullRound(admin: Page, waiter: { page: Page; tag: string }, roundId: number): Promise<number> {
  const rival = await makePlayer(admin, "Riv", `Walk${waiter.tag}`, "MA2");
  const { newEntry } = await api<NewEntryJson>(admin, "POST", "/api/admin/entry/add", {
    values: { round_id: roundId, player: rival, division: "MA2" },
  });
  const version = (await api<RoundJson[]>(admin, "GET", "/api/rounds/all")).find((r) => r.id === roundId)?.version;
  await api(admin, "PUT", `/api/admin/rounds/${roundId}/caps`, { version, field_cap: 1 });
  await api(waiter.page, "POST", `/api/rounds/${roundId}/waitlist`, { division: "MA2" });
  return newEntry.id;
}

/**
 * The round's open offers, held until a minute ago: what an offer is once its time has
 * passed (ADR 28), which a test cannot wait for. The cron ticker or the round page settles it.
 */
export function lapseOffers(roundId: number) {
  d1(`update waitlist set offer_expires_at = unixepoch() - 60 where round_id = ${roundId} and status = 'offered'`);
  return d1(`select count(*) as n from waitlist where round_id = ${roundId} and status = 'offered'`)[0]?.n;
}

export type Walked = { role: Role; url: string; status: number; rt: number | null; queries: number | null; cache: string | null };

/**
 * Every URL as every role, four at a time. A visitor's URL carries `bust` in its query, so
 * the page cache misses and the render's own trips are counted; a miss that stores the page
 * also writes the local cache's index row (ADR 11), one trip more that production's Workers
 * Cache does not make: not counted.
 */
export async function walk(clients: Record<Role, APIRequestContext>, urls: string[], bust: string): Promise<Walked[]> {
  const jobs = ROLES.flatMap((role) => urls.map((url) => ({ role, url })));
  const out: Walked[] = [];
  const next = async (): Promise<void> => {
    const job = jobs.shift();
    if (!job) return;
    const url = job.role === "visitor" ? `${job.url}${job.url.includes("?") ? "&" : "?"}walk=${bust}` : job.url;
    const res = await clients[job.role].get(url, { maxRedirects: 0 });
    const t = tripsOf(res.headers()["server-timing"] ?? null);
    const indexed = t.cache === "miss" && Boolean(res.headers()["cache-tag"]);
    out.push({ ...job, status: res.status(), rt: t.rt === null ? null : t.rt - (indexed ? 1 : 0), queries: t.queries, cache: t.cache });
    await res.dispose();
    return next();
  };
  await Promise.all([next(), next(), next(), next()]);
  return out;
}

/** What breaks the gates: a 5xx, no Server-Timing, or more round trips than the URL's budget. */
export const offenders = (walked: Walked[]) =>
  walked
    .filter((w) => w.status >= 500 || w.rt === null || w.rt > tripBudget(w.url))
    .map((w) => `${w.role} ${w.url}: ${w.status}, d1rt ${w.rt} (budget ${tripBudget(w.url)}${isApi(w.url) ? ", /api" : ", page"})`);

// The Worker's own bookkeeping, which a read may write: the abuse limits and the local page
// cache's index; and SQLite's, D1's and the migrations' tables.
const NOT_CHECKED = /^(rate_limits|page_cache_keys|d1_migrations|sqlite_.*|_cf_.*)$/;

/** A hash of every row of every table but NOT_CHECKED's, by table. */
export function tableChecksums(): Record<string, string> {
  const tables = d1("select name from sqlite_master where type = 'table' order by name").map((r) => String(r.name));
  const sums: Record<string, string> = {};
  for (const name of tables.filter((t) => !NOT_CHECKED.test(t))) {
    const rows = d1(`select * from "${name}"`).map((row) => JSON.stringify(row, (_, v) => (typeof v === "bigint" ? String(v) : v)));
    sums[name] = createHash("sha256").update(rows.sort().join("\n")).digest("hex");
  }
  return sums;
}
