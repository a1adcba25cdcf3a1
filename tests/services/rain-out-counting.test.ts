// A cancelled round counts for nothing (ADR 50): its entries, scores and cards stay for a
// restore, so every read that makes league results leaves it out, and counts it again once
// restored. The cancel here is the state it leaves (cancelled_at and cancel_reason set on
// the round); the restore sets them back to null. Then the follow-ups a cancel and a restore
// return (the re-rating from the round's date, the tags sync from it) are run as the app runs them.
import { env } from "cloudflare:workers";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { afterWrite } from "../after-write";
import { holders, scene, tagsOn, tagsRound } from "../tags-fixtures";
import { entries, rounds, tagMoves } from "~/.server/db/schema";
import { rerate, syncTagsFrom } from "~/.server/follow-ups";
import { currentSeason, leagueFromEnv, seasonSpan } from "~/.server/league";
import { getPlayer, listPlayersWithStats } from "~/.server/services/players/players";
import { bestScoresOf, bestScoresQuery } from "~/.server/services/players/best-scores";
import { scoreHistory } from "~/.server/services/players/score-history";
import { recentPlayers } from "~/.server/services/players/recent-players";
import { currentRatings } from "~/.server/services/ratings/league-ratings";
import { ratingAndHandicap, roundHandicaps } from "~/.server/services/ratings/rating-and-handicap";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { leagueCalendar } from "~/.server/services/rounds/calendar";
import { lowScoresBetween, roundsByPlayer } from "~/.server/services/rounds/rounds";
import { DEFAULT_SETTINGS, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { seasonStandings } from "~/.server/services/standings/standings";
import { readHoldings } from "~/.server/services/tags/tags";
import { zonedTimeToEpoch } from "~/lib/shared/time";

const db = testDb();
const league = leagueFromEnv(env);

const cancel = (roundId: number, reason: string | null = "weather") =>
  db.run(sql`update rounds set cancelled_at = unixepoch(), cancel_reason = ${reason} where id = ${roundId}`);
const restore = (roundId: number) => db.run(sql`update rounds set cancelled_at = null, cancel_reason = null where id = ${roundId}`);

describe("standings", () => {
  it("leave a cancelled round out of the season: not one of the M, no points, no participation; a restore counts it again", async () => {
    const at = (month: number, day: number) => zonedTimeToEpoch({ year: 2097, month, day, hour: 18 }, league.timeZone);
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const first = await makeRound({ startsAt: at(5, 1) });
    await makeEntry({ roundId: first.id, playerId: a.id, score: 50, division: "RAIN" });
    await makeEntry({ roundId: first.id, playerId: b.id, score: 52, division: "RAIN" });
    const rainy = await makeRound({ startsAt: at(5, 8) });
    await makeEntry({ roundId: rainy.id, playerId: a.id, score: 55, division: "RAIN" });
    await makeEntry({ roundId: rainy.id, playerId: b.id, score: 40, division: "RAIN" });
    const read = () => seasonStandings(db, league, { season: 2097, division: "RAIN" }, at(12, 1));
    try {
      await updateLeagueSettings(db, { ...DEFAULT_SETTINGS, standingsBestN: 1, pointsParticipation: 1 });
      const before = await read();
      expect(before.rounds.map((r) => r.id)).toEqual([first.id, rainy.id]);
      expect(before.divisions[0]?.roundsScored).toBe(2);

      await cancel(rainy.id);
      const cancelled = await read();
      expect(cancelled.rounds.map((r) => r.id)).toEqual([first.id]);
      const [division] = cancelled.divisions;
      expect(division?.roundsScored).toBe(1);
      // Only the first round: a first, b second; each played one round, none of it the rained-out one.
      expect(division?.players.map((p) => [p.playerId, p.rank, p.roundsPlayed])).toEqual([
        [a.id, 1, 1],
        [b.id, 2, 1],
      ]);
      expect(division?.players.flatMap((p) => p.rounds.map((r) => r.roundId))).toEqual([first.id, first.id]);
      expect(division?.players[1]?.total).toBeLessThan(division?.players[0]?.total ?? 0);

      await restore(rainy.id);
      expect(await read()).toEqual(before);
    } finally {
      await updateLeagueSettings(db, DEFAULT_SETTINGS);
    }
  });
});

describe("ratings and handicaps", () => {
  /** Six steady players over six weekly rounds; in the third, the first player shoots 80. After every other round of the file. */
  async function ratedLeague() {
    const start = 4_300_000_000;
    const players = await Promise.all(Array.from({ length: 6 }, () => makePlayer()));
    const weeks = [];
    for (let w = 0; w < 6; w++) {
      const round = await makeRound({ startsAt: start + w * 7 * DAY });
      weeks.push(round);
      for (const [i, p] of players.entries()) {
        const score = w === 2 && i === 0 ? 80 : 50 + 2 * i + ((w + i) % 3) - 1;
        await makeEntry({ roundId: round.id, playerId: p.id, division: "MA1", score });
      }
    }
    return { start, players, weeks };
  }
  const ratingsIn = async (roundIds: number[]) =>
    new Map(
      (await db.select({ id: entries.id, rating: entries.rating }).from(entries).where(inArray(entries.roundId, roundIds))).map((r) => [
        r.id,
        r.rating,
      ]),
    );

  it("the re-rating from a cancelled round's date neither reads nor rates it; after a restore it rates it as before", async () => {
    const { start, players, weeks } = await ratedLeague();
    const rainy = weeks[2]!;
    const later = weeks.slice(3).map((r) => r.id);
    const [p0] = players;

    // Cancelled before it was ever rated: the job from the start rates every round but it.
    await cancel(rainy.id);
    expect(await recomputeRatings(db, start)).toMatchObject({ rounds: 5, entries: 30 });
    expect([...(await ratingsIn([rainy.id])).values()]).toEqual([null, null, null, null, null, null]);
    const withoutIt = await ratingsIn(later);
    const cancelledHistory = await ratingAndHandicap(db, p0!.id);
    expect(cancelledHistory.history.map((h) => h.roundId)).not.toContain(rainy.id);
    expect(cancelledHistory.ratedRounds).toBe(5);
    const handicapWithout = (await roundHandicaps(db, weeks[5]!.id)).players[p0!.id];
    const ratingWithout = (await currentRatings(db, [p0!.id])).get(p0!.id);

    // Restored: the follow-up's re-rating from its date rates it, and the rounds after move.
    await restore(rainy.id);
    expect(await recomputeRatings(db, rainy.startsAt)).toMatchObject({ rounds: 4, entries: 24 });
    const rated = await ratingsIn([rainy.id]);
    expect([...rated.values()].every((r) => Number.isInteger(r))).toBe(true);
    const withIt = await ratingsIn(later);
    expect(withIt).not.toEqual(withoutIt);
    expect((await ratingAndHandicap(db, p0!.id)).history.map((h) => h.roundId)).toContain(rainy.id);
    // The 80 counts in the handicap and the rating again.
    const handicapWith = (await roundHandicaps(db, weeks[5]!.id)).players[p0!.id];
    expect(handicapWith).not.toEqual(handicapWithout);
    expect((await currentRatings(db, [p0!.id])).get(p0!.id)).not.toBe(ratingWithout);

    // Cancelled again: the later rounds are rated as without it; its own entries keep what they hold.
    await cancel(rainy.id);
    expect(await recomputeRatings(db, rainy.startsAt)).toMatchObject({ rounds: 3, entries: 18 });
    expect(await ratingsIn(later)).toEqual(withoutIt);
    expect(await ratingsIn([rainy.id])).toEqual(rated);
    expect((await roundHandicaps(db, weeks[5]!.id)).players[p0!.id]).toEqual(handicapWithout);
    expect((await currentRatings(db, [p0!.id])).get(p0!.id)).toBe(ratingWithout);
    expect((await ratingAndHandicap(db, p0!.id)).history.map((h) => h.roundId)).not.toContain(rainy.id);
    // Running it again changes nothing.
    expect((await recomputeRatings(db, rainy.startsAt)).changed).toBe(0);
    await restore(rainy.id);
  });

  it("the follow-up a cancel returns queues the re-rating from the round's date", async () => {
    const sent: unknown[] = [];
    const jobs = { send: async (body: unknown) => void sent.push(body), sendBatch: async () => {} } as unknown as Queue;
    const { runAfterWrite } = await import("../../workers/after-write");
    await runAfterWrite({ db, jobs, purge: async () => undefined }, [rerate(1_234_567)]);
    expect(sent).toEqual([expect.objectContaining({ type: "ratings", leagueId: db.leagueId, since: 1_234_567 })]);
  });
});

describe("bag tags", () => {
  it("a cancelled round swaps no tags; the sync from its date replays without it, and with it once restored", async () => {
    await tagsOn();
    const { week, tag } = scene();
    const [high, low] = await holders([tag(1), tag(2)]);
    // The holder of the higher tag wins the round: they swap.
    const { round } = await tagsRound(week(1), [
      [high!, 50],
      [low!, 45],
    ]);
    const holderOf = async (t: number) => (await readHoldings(db)).holdings.get(t)?.playerId;
    expect(await holderOf(tag(1))).toBe(low!.id);

    await cancel(round.id);
    await afterWrite([syncTagsFrom(round.startsAt)]);
    expect(await holderOf(tag(1))).toBe(high!.id);
    expect(await holderOf(tag(2))).toBe(low!.id);
    expect(await db.select().from(tagMoves).where(eq(tagMoves.roundId, round.id))).toEqual([]);

    await restore(round.id);
    await afterWrite([syncTagsFrom(round.startsAt)]);
    expect(await holderOf(tag(1))).toBe(low!.id);
    expect(await holderOf(tag(2))).toBe(high!.id);
  });
});

describe("player stats and history", () => {
  it("rounds played, wins, averages, best scores and score history leave a cancelled round out; a restore counts it again", async () => {
    const p = await makePlayer();
    const other = await makePlayer();
    const start = nowSec() - 30 * DAY;
    const kept = await makeRound({ startsAt: start });
    await makeEntry({ roundId: kept.id, playerId: p.id, score: 50, result: "2/2|(MA1)" });
    await makeEntry({ roundId: kept.id, playerId: other.id, score: 48, result: "1/2|(MA1)" });
    const rainy = await makeRound({ startsAt: start + 7 * DAY });
    await makeEntry({ roundId: rainy.id, playerId: p.id, score: 40, result: "1/2|(MA1)" });
    await makeEntry({ roundId: rainy.id, playerId: other.id, score: 60, result: "2/2|(MA1)" });
    const yearStart = start - DAY;

    const stats = async () => {
      const one = await getPlayer(db, p.id, yearStart);
      const listed = (await listPlayersWithStats(db, yearStart)).find((r) => r.id === p.id);
      const best = bestScoresOf(await bestScoresQuery(db, p.id));
      return {
        rounds: one.roundCount,
        year: one.roundCountYear,
        average: one.average,
        yearAverage: one.thisYearAverage,
        wins: one.wins,
        best: one.bestScore,
        listed: [listed?.roundCount, listed?.roundCountYear, listed?.average],
        bestByLayout: best.singles.map((b) => b.score),
        history: (await scoreHistory(db, p.id)).map((h) => h.roundId),
      };
    };
    const before = await stats();
    expect(before).toEqual({
      rounds: 2,
      year: 2,
      average: 45,
      yearAverage: 45,
      wins: 1,
      best: 40,
      listed: [2, 2, 45],
      bestByLayout: [40],
      history: [kept.id, rainy.id],
    });

    await cancel(rainy.id);
    expect(await stats()).toEqual({
      rounds: 1,
      year: 1,
      average: 50,
      yearAverage: 50,
      wins: 0,
      best: 50,
      listed: [1, 1, 50],
      bestByLayout: [50],
      history: [kept.id],
    });
    // The other player's best (48) is theirs either way; their 60 is out of the average.
    expect((await getPlayer(db, other.id, yearStart)).average).toBe(48);
    // The player's rounds still list it (its money is theirs), saying it was cancelled.
    const listed = await roundsByPlayer(db, p.id);
    expect(listed.find((r) => r.roundId === rainy.id)).toMatchObject({ cancelReason: "weather", cancelledAt: expect.any(Number) });
    expect(listed.find((r) => r.roundId === kept.id)).toMatchObject({ cancelledAt: null, cancelReason: null });
    // Its low score is void.
    const lows = await lowScoresBetween(db, start, start + 8 * DAY);
    expect([...lows.keys()]).toEqual([kept.id]);

    await restore(rainy.id);
    expect(await stats()).toEqual(before);
    expect([...(await lowScoresBetween(db, start, start + 8 * DAY)).keys()].sort()).toEqual([kept.id, rainy.id].sort());
  });

  it("the players a visitor sees first are not those of a cancelled latest round", async () => {
    const only = await makePlayer();
    const rainy = await makeRound({ startsAt: nowSec() - 60 });
    await makeEntry({ roundId: rainy.id, playerId: only.id, score: 0 });
    expect((await recentPlayers(db, nowSec())).map((r) => r.id)).toContain(only.id);
    await cancel(rainy.id);
    expect((await recentPlayers(db, nowSec())).map((r) => r.id)).not.toContain(only.id);
    await restore(rainy.id);
    expect((await recentPlayers(db, nowSec())).map((r) => r.id)).toContain(only.id);
  });
});

describe("the iCal feed", () => {
  it("marks a cancelled round's event STATUS:CANCELLED, same UID, its summary starting 'Cancelled: '; a restore clears it", async () => {
    const season = currentSeason(league, nowSec());
    const round = await makeRound({ startsAt: seasonSpan(league, season + 1).from + 3 * DAY, name: "Rainy Thursday" });
    const opts = { league, origin: "https://league.example", now: nowSec() };
    const eventOf = (text: string) => {
      const uid = `UID:round-${round.id}@league.example`;
      const at = text.indexOf(uid);
      expect(at).toBeGreaterThan(0);
      return text.slice(text.lastIndexOf("BEGIN:VEVENT", at), text.indexOf("END:VEVENT", at));
    };
    const before = eventOf(await leagueCalendar(db, opts));
    expect(before).toContain("SUMMARY:Rainy Thursday\r\n");
    expect(before).not.toContain("STATUS:");

    await cancel(round.id);
    const cancelled = eventOf(await leagueCalendar(db, opts));
    expect(cancelled).toContain(`UID:round-${round.id}@league.example`);
    expect(cancelled).toContain("SUMMARY:Cancelled: Rainy Thursday\r\n");
    expect(cancelled).toContain("STATUS:CANCELLED\r\n");
    expect(cancelled).toContain("DESCRIPTION:Cancelled: weather.");

    await restore(round.id);
    expect(eventOf(await leagueCalendar(db, opts))).toBe(before);
  });
});

// The rounds table's cancelled columns, as the cancel leaves them: read back for the record.
it("the cancel's state is the round's two columns", async () => {
  const round = await makeRound();
  await cancel(round.id, null);
  const [row] = await db.select({ at: rounds.cancelledAt, reason: rounds.cancelReason }).from(rounds).where(eq(rounds.id, round.id));
  expect(row).toEqual({ at: expect.any(Number), reason: null });
});
