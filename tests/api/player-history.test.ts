// GET /api/players/{id}/history: a player's handicap (with the inputs of its sum) and
// league rating, and both after each round, newest first; public and cached.
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound } from "../fixtures";
import { expectError, getPublic } from "./http";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { testDb } from "../fixtures";

async function regular() {
  const start = 1_400_000_000;
  const p = await makePlayer();
  const rounds = [];
  // 56 58 60 57 59 58 61 57 59 58 plus two older 70s: the last ten average 58.3.
  for (const [w, score] of [70, 70, 56, 58, 60, 57, 59, 58, 61, 57, 59, 58].entries()) {
    const round = await makeRound({ startsAt: start + w * 7 * DAY });
    await makeEntry({ roundId: round.id, playerId: p.id, division: "MA2", score });
    rounds.push(round);
  }
  await recomputeRatings(testDb(), start);
  return { p, rounds };
}

type History = {
  handicap: number | null;
  handicapMethod: { rounds: number; average: number; par: number; overPar: number; percent: number } | null;
  handicapHistory: { round_id: number; d: number; n: string; score: number; handicap: number | null }[];
  rating: number | null;
  ratingRounds: number;
  ratingEstablished: boolean;
  ratingHistory: { round_id: number; round_rating: number | null; rating: number | null }[];
};

describe("GET /api/players/{id}/history", () => {
  it("answers the handicap with its sum's numbers and the history, newest first, publicly cached", async () => {
    const { p, rounds } = await regular();
    const body = await getPublic<History>(`/api/players/${p.id}/history`);
    expect(body.handicap).toBe(3.4);
    expect(body.handicapMethod).toEqual({ rounds: 10, average: 58.3, par: 54, overPar: 4.3, percent: 80 });
    expect(body.handicapHistory).toHaveLength(12);
    expect(body.handicapHistory[0]).toMatchObject({ round_id: rounds[11]!.id, score: 58, handicap: 3.4 });
    expect(body.handicapHistory.slice(-2).map((h) => h.handicap)).toEqual([null, null]);
    // Alone in every round: each score is its round's median, rated 900.
    expect(body.ratingHistory.every((r) => r.round_rating === 900 && r.rating === 900)).toBe(true);
    expect(body).toMatchObject({ rating: 900, ratingRounds: 12, ratingEstablished: true });
  });

  it("a player with no rounds has no handicap and no rating", async () => {
    const p = await makePlayer();
    expect(await getPublic<History>(`/api/players/${p.id}/history`)).toEqual({
      handicap: null,
      handicapMethod: null,
      handicapHistory: [],
      rating: null,
      ratingRounds: 0,
      ratingEstablished: false,
      ratingHistory: [],
    });
  });

  it("404 for an unknown player, 400 for a bad id", async () => {
    await expectError("/api/players/99999999/history", 404, "not_found");
    expect((await expectError("/api/players/abc/history", 400, "bad_request")).error).toBe("Invalid player id");
    await expectError("/api/players/0/history", 400, "bad_request");
  });

  it("signed in, the same answer, never shared through a cache", async () => {
    const { p } = await regular();
    const anonymous = await getPublic<History>(`/api/players/${p.id}/history`);
    const signedIn = await expectStatus<History>(
      await call("GET", `/api/players/${p.id}/history`, { token: await tokenFor(await makeUser()) }),
      200,
    );
    expect(signedIn).toEqual(anonymous);
  });
});

describe("round results carry each score's rating", () => {
  it("GET /api/entries/{roundId}", async () => {
    const { rounds } = await regular();
    const [entry] = await getPublic<{ rating: number | null }[]>(`/api/entries/${rounds[0]!.id}`);
    expect(entry?.rating).toBe(900);
  });
});
