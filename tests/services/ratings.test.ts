// Stored round ratings against the real D1: written by recomputeRatings, re-rated from a
// changed round forward, and left alone by a second run.
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { fresh } from "../version-fixtures";
import { entries } from "~/.server/db/schema";
import { updateEntries } from "~/.server/services/entries/entry-admin";
import { ratingAndHandicap, roundHandicaps } from "~/.server/services/ratings/rating-and-handicap";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";

// Storage is shared by the tests of this file: each builds its league in its own stretch
// of time, later than the last one's, and re-rates from its own start.
let era = 1_000_000_000;
const nextEra = () => {
  era += 1000 * DAY;
  return era;
};

/** Six players of steady skill (player i shoots about 50 + 2i) over `weeks` weekly rounds, and one sign-up not yet scored. */
async function league(weeks = 6) {
  const start = nextEra();
  const players = await Promise.all(Array.from({ length: 6 }, () => makePlayer()));
  const rounds = [];
  for (let w = 0; w < weeks; w++) {
    const round = await makeRound({ startsAt: start + w * 7 * DAY });
    rounds.push(round);
    for (const [i, p] of players.entries()) {
      // A little noise that is not a straight line, so fits have residuals.
      await makeEntry({ roundId: round.id, playerId: p.id, division: "MA1", score: 50 + 2 * i + ((w + i) % 3) - 1 });
    }
  }
  const later = await makeRound({ startsAt: start + weeks * 7 * DAY });
  const signUp = await makeEntry({ roundId: later.id, playerId: players[0]!.id, division: "MA1", score: 0 });
  return { start, players, rounds, signUp };
}

async function ratingsOf(roundIds: number[]) {
  const rows = await testDb()
    .select({ id: entries.id, roundId: entries.roundId, score: entries.score, rating: entries.rating })
    .from(entries)
    .where(inArray(entries.roundId, roundIds))
    .orderBy(entries.id);
  return rows;
}

describe("recomputeRatings", () => {
  it("rates every scored entry; the first round's median is 900, a better score a higher rating; unscored stays null", async () => {
    const { start, rounds, signUp } = await league();
    const result = await recomputeRatings(testDb(), start);
    expect(result).toEqual({ rounds: 7, entries: 37, changed: 36 });
    const rows = await ratingsOf([...rounds.map((r) => r.id), signUp.roundId]);
    expect(rows.filter((r) => r.score > 0).every((r) => Number.isInteger(r.rating))).toBe(true);
    expect(rows.find((r) => r.id === signUp.id)?.rating).toBeNull();
    const first = rows.filter((r) => r.roundId === rounds[0]!.id);
    // Scores 49 52 55 55 58 61 (player i: 50 + 2i + (i % 3) − 1): median 55 → 900, 10 points a stroke.
    expect(first.map((r) => r.score)).toEqual([49, 52, 55, 55, 58, 61]);
    expect(first.map((r) => r.rating)).toEqual([960, 930, 900, 900, 870, 840]);
    for (const round of rounds) {
      const rs = rows.filter((r) => r.roundId === round.id).sort((a, b) => a.score - b.score);
      for (let i = 1; i < rs.length; i++) expect(rs[i]!.rating!).toBeLessThanOrEqual(rs[i - 1]!.rating!);
    }
  });

  it("run twice, the second run changes nothing", async () => {
    const { start, rounds } = await league();
    await recomputeRatings(testDb(), start);
    const before = await ratingsOf(rounds.map((r) => r.id));
    expect(await recomputeRatings(testDb(), start)).toMatchObject({ changed: 0 });
    expect(await ratingsOf(rounds.map((r) => r.id))).toEqual(before);
  });

  it("a changed score in an earlier round changes later rounds' ratings; re-rating from that round equals re-rating all", async () => {
    const { start, rounds } = await league();
    await recomputeRatings(testDb(), start);
    const before = await ratingsOf(rounds.map((r) => r.id));
    // The best player's second round becomes a disaster: their rating going into round 4 on drops.
    const target = before.find(
      (r) => r.roundId === rounds[1]!.id && r.score === Math.min(...before.filter((b) => b.roundId === rounds[1]!.id).map((b) => b.score)),
    );
    await updateEntries(testDb(), await fresh([{ id: target!.id, value: { score: 70 } }]));
    const result = await recomputeRatings(testDb(), rounds[1]!.startsAt);
    expect(result.rounds).toBe(6); // rounds 2–6 and the unplayed one
    const after = await ratingsOf(rounds.map((r) => r.id));
    const laterChanged = after.filter((r, i) => r.roundId === rounds[4]!.id && r.rating !== before[i]!.rating);
    expect(laterChanged.length).toBeGreaterThan(0);
    expect(after.filter((r) => r.roundId === rounds[0]!.id)).toEqual(before.filter((r) => r.roundId === rounds[0]!.id));
    // From scratch (every rating cleared, every round re-rated) gives the same numbers.
    await testDb()
      .update(entries)
      .set({ rating: null })
      .where(
        inArray(
          entries.roundId,
          rounds.map((r) => r.id),
        ),
      );
    await recomputeRatings(testDb(), start);
    expect(await ratingsOf(rounds.map((r) => r.id))).toEqual(after);
  });
});

describe("a player's form and a round's handicaps", () => {
  it("handicap and rating now and after each round, newest first; the handicap going into a round counts only earlier rounds", async () => {
    const { start, players, rounds } = await league();
    await recomputeRatings(testDb(), start);
    // Player 0's scores: 49 50 51 49 50 51 (50 + ((w + 0) % 3) − 1)
    const form = await ratingAndHandicap(testDb(), players[0]!.id);
    expect(form.history.map((h) => h.score)).toEqual([51, 50, 49, 51, 50, 49]);
    // Last six: 300 / 6 = 50.0 − 54 = −4.0 × 80% = −3.2
    expect(form.handicap).toMatchObject({ handicap: -3.2, rounds: 6, average: 50 });
    expect(form.history[0]?.handicap).toBe(-3.2);
    expect(form.history.slice(3).map((h) => h.handicap)).toEqual([-3.2, null, null]); // 49 50 51 → 50.0
    expect(form.ratedRounds).toBe(6);
    expect(form.established).toBe(true);
    const own = form.history.map((h) => h.roundRating!);
    expect(form.rating).toBe(Math.round(own.reduce((s, r) => s + r, 0) / own.length));

    // Going into round 4, player 0 had 49 50 51: −3.2; player 5 had 61 59 60 → 60.0: 6 × 80% = 4.8.
    const going = await roundHandicaps(testDb(), rounds[3]!.id);
    expect(going.players[players[0]!.id]?.handicap).toBe(-3.2);
    expect(going.players[players[5]!.id]?.handicap).toBe(4.8);
    // Going into round 2 nobody has three rounds yet.
    const early = await roundHandicaps(testDb(), rounds[1]!.id);
    expect(Object.values(early.players).every((h) => h === null)).toBe(true);
    expect(early.settings).toEqual({ handicapRounds: 10, handicapPercent: 80, handicapPar: 54 });
  });
});
