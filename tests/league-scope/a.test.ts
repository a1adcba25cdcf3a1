import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { withAuditActor } from "../../workers/audit-actor";
import { makeUser } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, refusal, roundValues, serviceRoundValues, testDb } from "../fixtures";
import { type Db, getDb } from "~/.server/db/client";
import { claims, entries, players, rounds, transfers, waitlist } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { leagueFromEnv } from "~/.server/league";
import { cardBoard } from "~/.server/services/cards/card-board";
import { publishCards } from "~/.server/services/cards/card-publish";
import { makeRoundCards, saveCards } from "~/.server/services/cards/card-writes";
import { drawRoundTeams, roundTeams, teamNumbers } from "~/.server/services/doubles/teams";
import { recordCash } from "~/.server/services/entries/cash";
import { entriesForRound, entriesForRounds, entryById } from "~/.server/services/entries/entries";
import { entriesScreen } from "~/.server/services/entries/entries-screen";
import { addEntry, deleteEntry, updateEntries } from "~/.server/services/entries/entry-admin";
import { excessToCredit, voidCash } from "~/.server/services/entries/overpaid";
import { creditPayouts, syncPayouts } from "~/.server/services/entries/payouts";
import { deleteRound, saveRound, saveRounds } from "~/.server/services/entries/round-admin";
import { settleAllWaitlists, settleWaitlist } from "~/.server/services/entries/waitlist-promote";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { moneyReport } from "~/.server/services/money/reports";
import { todayRounds } from "~/.server/services/rounds/admin-landing";
import { ensureCalendarToken, leagueCalendar, personalCalendar } from "~/.server/services/rounds/calendar";
import { seasonRounds } from "~/.server/services/rounds/home-page";
import { sendRegistrationMails } from "~/.server/services/rounds/registration-mails";
import { closeStartedRounds, setRegistration } from "~/.server/services/rounds/registration";
import { getRound, latestRound, listRounds, roundsByIds, roundsByPlayer } from "~/.server/services/rounds/rounds";
import { getLeagueSettings, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { seasonStandings } from "~/.server/services/standings/standings";

// Two leagues in one database (ADR 46): league A (the default) and B, with look-alike rows
// (the same player names, the same round names and dates), B's marked by SENTINEL where a
// page would show it. A's reads of rounds, entries, cards, teams, standings and settings see
// none of B's rows; A naming B's ids gets the domain's 404; and A's writes with B's ids —
// above all the money ones — leave every row of B as it was.

const SENTINEL = "Zqsentinel";
const league = leagueFromEnv(env);
const a = testDb;
let B: Db;
let b: Awaited<ReturnType<typeof leagueB>>;
let ofA: Awaited<ReturnType<typeof leagueA>>;

const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));

async function leagueA() {
  const [p1, p2] = await Promise.all([
    makePlayer({ firstName: "Sam", lastName: "Same" }),
    makePlayer({ firstName: "Ann", lastName: "Same" }),
  ]);
  const played = await makeRound({ name: "Week Same", startsAt: nowSec() - 60, openForRegistration: true });
  const future = await makeRound({ name: "Week Next", startsAt: nowSec() + DAY, openForRegistration: true });
  for (const [i, p] of [p1, p2].entries()) await makeEntry({ roundId: played.id, playerId: p.id, score: 50 + i });
  await makeEntry({ roundId: future.id, playerId: p1.id });
  return { p1, played, future };
}

/** League B's rows, made through B's own query builder and services (its money balanced). */
async function leagueB(db: Db) {
  const values = { leagueId: db.leagueId, division: "MA1" };
  const [p1, p2] = await db
    .insert(players)
    .values([
      { ...values, firstName: "Sam", lastName: "Same" },
      { ...values, firstName: "Olga", lastName: SENTINEL },
    ])
    .returning();
  const round = (name: string, startsAt: number, open = false) =>
    db
      .insert(rounds)
      .values({ ...roundValues({ name, startsAt, location: SENTINEL, openForRegistration: open, doubles: true }), leagueId: db.leagueId })
      .returning()
      .then(([r]) => r);
  const played = await round("Week Same", nowSec() - 60, true);
  const future = await round("Week Next", nowSec() + DAY, true);
  const empty = await round("Week Empty", nowSec() + 2 * DAY);
  await db.insert(entries).values([
    { ...values, roundId: played.id, playerId: p1.id, score: 40, checkedInAt: nowSec() },
    { ...values, roundId: played.id, playerId: p2.id, score: 41, checkedInAt: nowSec() },
  ]);
  // Money: credit from the league, an entry paid by it, another paid in cash.
  await db.insert(transfers).values({ leagueId: db.leagueId, date: nowSec(), toPlayerId: p1.id, amountCents: 1000, description: SENTINEL });
  const base = { round_id: future.id, division: "MA1", ace: true, credit_added: 0, payoutAdjust: 0 };
  const credited = (await addEntry(db, { ...base, player: p1.id, credit_used: 600 })).value;
  const cashed = (await addEntry(db, { ...base, player: p2.id, credit_used: 0 })).value;
  const cash = await recordCash(db, { entryId: cashed, amountCents: 600, note: SENTINEL });
  const user = await makeUser();
  await db.insert(claims).values({ leagueId: db.leagueId, userId: user.id, playerId: p2.id, status: "approved" });
  await db.insert(waitlist).values({
    leagueId: db.leagueId,
    roundId: future.id,
    playerId: p1.id,
    userId: user.id,
    division: "MA1",
    status: "offered",
    offeredAt: nowSec() - DAY,
    offerExpiresAt: nowSec() - 60,
  });
  await makeRoundCards(B, played.id, { version: 0, random: () => 0 });
  await updateLeagueSettings(db, { cardSize: 5 });
  return { p1, p2, played, future, empty, credited, cashed, cash, user };
}

/** Every row of league B's tables this file's services write, to compare before and after. */
async function rowsOfB() {
  const tables = [
    "rounds",
    "entries",
    "payments",
    "transfers",
    "cards",
    "card_players",
    "waitlist",
    "league_settings",
    "registration_mails",
  ];
  const read = await env.DB.batch(
    tables.map((t) => env.DB.prepare(`select * from "${t}" where league_id = ? order by rowid`).bind(B.leagueId)),
  );
  return Object.fromEntries(tables.map((t, i) => [t, read[i]?.results]));
}

const idsOf = (list: { id: number }[]) => list.map((r) => r.id);
const bRoundIds = () => [b.played.id, b.future.id, b.empty.id];

beforeAll(async () => {
  const made = await env.DB.prepare("insert into leagues (slug) values ('other-a') returning id").first<{ id: number }>();
  B = getDb(stamped, Number(made?.id));
  ofA = await leagueA();
  b = await leagueB(B);
});

describe("league A's reads see none of league B's rows", () => {
  it("rounds: lists, the home page, the latest, by ids, a player's, today's, the calendars", async () => {
    const listed = await listRounds(a());
    expect(idsOf(listed)).toEqual(expect.arrayContaining([ofA.played.id, ofA.future.id]));
    for (const list of [listed, (await seasonRounds(a(), league.timeZone, 0, undefined, nowSec() + DAY)).rounds]) {
      expect(idsOf(list).filter((id) => bRoundIds().includes(id))).toEqual([]);
      expect(JSON.stringify(list)).not.toContain(SENTINEL);
    }
    const lows = (await seasonRounds(a(), league.timeZone, 0, undefined, nowSec() + DAY)).lows;
    expect([...lows.keys()]).toEqual([ofA.played.id]);
    expect(await latestRound(a())).toMatchObject({ location: "Test Park" });
    expect(idsOf(await roundsByIds(a(), [...bRoundIds(), ofA.played.id]))).toEqual([ofA.played.id]);
    expect((await roundsByPlayer(a(), ofA.p1.id)).map((r) => r.roundId).sort()).toEqual([ofA.played.id, ofA.future.id].sort());
    const today = idsOf(await todayRounds(a(), league.timeZone, b.future.startsAt));
    expect(today).toContain(ofA.future.id);
    expect(today).not.toContain(b.future.id);
    const origin = "https://league.test";
    expect(await leagueCalendar(a(), { league, origin })).not.toContain(SENTINEL);
    // One account playing in both leagues: A's personal feed lists A's rounds only.
    await a().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: b.user.id, playerId: ofA.p1.id, status: "approved" });
    const feed = await personalCalendar(a(), await ensureCalendarToken(a(), b.user.id), { league, origin });
    expect(feed).toContain(`round-${ofA.future.id}@`);
    expect(feed).not.toContain(SENTINEL);
  });

  it("entries, cards, teams, standings and settings", async () => {
    expect(idsOf(await entriesForRounds(a(), [ofA.played.id, ...bRoundIds()])).length).toBe(2);
    expect(await teamNumbers(a(), b.played.id)).toEqual({});
    expect(await roundTeams(a(), b.played.id)).toEqual({ version: 0, teams: [] });
    const standings = await seasonStandings(a(), league);
    expect(standings.rounds.map((r) => r.id)).toContain(ofA.played.id);
    expect(standings.rounds.map((r) => r.id).filter((id) => bRoundIds().includes(id))).toEqual([]);
    expect(JSON.stringify(standings)).not.toContain(SENTINEL);
    expect((await getLeagueSettings(a())).cardSize).not.toBe(5);
    expect((await getLeagueSettings(B)).cardSize).toBe(5);
  });

  it("B's ids in A are the domain's 404", async () => {
    for (const call of [
      getRound(a(), b.played.id),
      entriesForRound(a(), b.played.id),
      entryById(a(), b.credited),
      entriesScreen(a(), b.future.id),
      cardBoard(a(), b.played.id),
    ]) {
      expect((await refusal(call)).status).toBe(404);
    }
  });
});

describe("league A's writes with league B's ids change nothing in B", () => {
  it("money: cash, voids, excess, edits, withdrawals, payouts", async () => {
    const before = await rowsOfB();
    const entry = (await B.select().from(entries).where(sql`id = ${b.credited}`))[0];
    const refusedWith = async (call: Promise<unknown>, status = 404) => expect((await refusal(call)).status).toBe(status);
    await refusedWith(recordCash(a(), { entryId: b.cashed, amountCents: 600, note: "A's", moreThanOwed: true }));
    await refusedWith(voidCash(a(), { paymentId: b.cash.paymentId, reason: "A's" }));
    await refusedWith(excessToCredit(a(), { entryId: b.cashed }));
    await refusedWith(updateEntries(a(), [{ id: b.credited, version: entry?.version ?? 0, value: { credit_added: 99_999 } }]));
    await refusedWith(deleteEntry(a(), b.credited, entry?.version ?? 0));
    await refusedWith(withdrawEntry(a(), b.cashed, { admin: true }));
    await refusedWith(creditPayouts(a(), b.played.id));
    await refusedWith(syncPayouts(a(), b.played.id));
    await refusedWith(
      addEntry(a(), {
        round_id: b.future.id,
        player: ofA.p1.id,
        division: "MA1",
        ace: true,
        credit_added: 0,
        credit_used: 0,
        payoutAdjust: 0,
      }),
    );
    await refusedWith(
      addEntry(a(), {
        round_id: ofA.future.id,
        player: b.p2.id,
        division: "MA1",
        ace: true,
        credit_added: 0,
        credit_used: 0,
        payoutAdjust: 0,
      }),
    );
    expect(await rowsOfB()).toEqual(before);
  });

  it("rounds: saves, deletes, registration, the cron's sweeps, the mail job", async () => {
    const before = await rowsOfB();
    const refusedWith = async (call: Promise<unknown>, status = 404) => expect((await refusal(call)).status).toBe(status);
    await refusedWith(saveRound(a(), b.empty.id, serviceRoundValues({ name: "A's" }), b.empty.version));
    await refusedWith(
      saveRounds(a(), [{ kind: "save", id: b.empty.id, version: b.empty.version, values: serviceRoundValues(), label: "Row 1" }]),
    );
    await saveRounds(a(), [{ kind: "delete", id: b.empty.id, version: b.empty.version, label: "Row 1" }]);
    await refusedWith(deleteRound(a(), b.empty.id));
    await refusedWith(setRegistration(a(), b.empty.id, true, { jobs: env.JOBS, timeZone: league.timeZone, origin: "http://x" }));
    await refusedWith(setRegistration(a(), b.future.id, false, { jobs: env.JOBS, timeZone: league.timeZone, origin: "http://x" }));
    await closeStartedRounds(a());
    await settleAllWaitlists(a());
    await settleWaitlist(a(), b.future.id);
    expect(await sendRegistrationMails(a(), { roundId: b.future.id, day: "2026-12-02" }, {} as never)).toEqual({ status: "no-round" });
    expect(await rowsOfB()).toEqual(before);
    // A's own started round was closed by the sweep: the sweep ran, on A's rows only.
    const [flag] = await a().select({ open: rounds.openForRegistration }).from(rounds).where(eq(rounds.id, ofA.played.id));
    expect(flag?.open).toBe(false);
  });

  it("cards and teams", async () => {
    const before = await rowsOfB();
    const refusedWith = async (call: Promise<unknown>, status = 404) => expect((await refusal(call)).status).toBe(status);
    const board = await cardBoard(B, b.played.id);
    await refusedWith(makeRoundCards(a(), b.played.id, { version: board.version }));
    await refusedWith(saveCards(a(), b.played.id, board.version, []));
    await refusedWith(publishCards(a(), b.played.id, board.version, { jobs: env.JOBS, origin: "http://x" }));
    await refusedWith(drawRoundTeams(a(), b.played.id, { mode: "random", version: 0 }));
    expect(await rowsOfB()).toEqual(before);
  });

  it("B's books balance on their own", async () => {
    const { reconciliation: r } = await moneyReport(B, league);
    expect(r.ledger).toMatchObject({ balanced: true });
    expect(r.ace).toMatchObject({ balanced: true });
  });
});
