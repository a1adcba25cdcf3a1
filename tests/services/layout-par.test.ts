// Par from the layout (ADR 25): a round played on a layout is measured against the sum of
// its holes' pars, a round without one against the league's par setting (54 here), in the
// handicap going into a round, in a player's handicap now, and in the net ranking.
import { describe, expect, it } from "vitest";
import { PAR_56, holesOf, makeCourse } from "../course-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { ratingAndHandicap, roundHandicaps } from "~/.server/services/ratings/rating-and-handicap";
import { updateLayout } from "~/.server/services/courses/layouts";
import { resultGroups } from "~/lib/rounds/results";

// Each test in its own stretch of time, so the handicaps read only its own rounds.
let era = 2_000_000_000;
const nextEra = () => {
  era += 1000 * DAY;
  return era;
};

/** One player's three scored rounds, a week apart, on `layoutId` (or none), and the round after. */
async function history(scores: number[], layoutIds: (number | null)[]) {
  const start = nextEra();
  const player = await makePlayer();
  for (const [w, score] of scores.entries()) {
    const round = await makeRound({ startsAt: start + w * 7 * DAY, layoutId: layoutIds[w] ?? null });
    await makeEntry({ roundId: round.id, playerId: player.id, score });
  }
  const next = await makeRound({ startsAt: start + scores.length * 7 * DAY });
  await makeEntry({ roundId: next.id, playerId: player.id, score: 0 });
  return { player, next };
}

describe("par from the layout", () => {
  it("a round on a layout counts against the layout's par; one without, against the league's par", async () => {
    const { layoutId } = await makeCourse({ holes: PAR_56 });
    // 60 61 62 → 61.0 on par 56: 5.0 × 80% = 4.0. Without a layout, par 54: 7.0 × 80% = 5.6.
    const onLayout = await history([60, 61, 62], [layoutId, layoutId, layoutId]);
    const without = await history([60, 61, 62], [null, null, null]);
    expect((await roundHandicaps(testDb(), onLayout.next.id)).players[onLayout.player.id]).toMatchObject({ handicap: 4, par: 56 });
    expect((await roundHandicaps(testDb(), without.next.id)).players[without.player.id]).toMatchObject({ handicap: 5.6, par: 54 });
    expect((await ratingAndHandicap(testDb(), onLayout.player.id)).handicap).toMatchObject({ handicap: 4, average: 61, par: 56 });
    expect((await ratingAndHandicap(testDb(), without.player.id)).handicap).toMatchObject({ handicap: 5.6, par: 54 });
  });

  it("rounds of different pars count against their average par: a 9-hole round with 18-hole rounds", async () => {
    const nine = await makeCourse({ holes: holesOf([3, 3, 3, 3, 3, 3, 3, 3, 4]) });
    const eighteen = await makeCourse({ holes: PAR_56 });
    // Scores 60 (par 56), 31 (par 28), 62 (par 56): average 51.0, par 46.7 → 4.3 × 80% = 3.44 → 3.4.
    const mixed = await history([60, 31, 62], [eighteen.layoutId, nine.layoutId, eighteen.layoutId]);
    const now = await ratingAndHandicap(testDb(), mixed.player.id);
    expect(now.handicap).toEqual({ handicap: 3.4, rounds: 3, average: 51, overPar: 4.3, par: 46.7, percent: 80 });
    // The history after each round agrees with it.
    expect(now.history[0]?.handicap).toBe(3.4);
  });

  it("a layout's par changed later changes the handicaps of the rounds played on it", async () => {
    const { layoutId } = await makeCourse({ holes: PAR_56 });
    const played = await history([60, 61, 62], [layoutId, layoutId, layoutId]);
    await updateLayout(testDb(), layoutId, 0, { name: "Longer", holes: holesOf(Array.from({ length: 18 }, () => 3)) });
    // Par 54 now: 7.0 × 80% = 5.6.
    expect((await roundHandicaps(testDb(), played.next.id)).players[played.player.id]?.handicap).toBe(5.6);
  });
});

describe("the net ranking", () => {
  const entry = (id: number, score: number, division = "MA1") => ({
    id,
    playerId: id,
    firstName: "P",
    lastName: String(id),
    score,
    entryPayoutCents: 0,
    rating: null,
    division,
  });

  it("places by net within each division, keeps the gross place, and puts those without a net last", () => {
    const entries = [entry(1, 50), entry(2, 54), entry(3, 56), entry(4, 52), entry(5, 0), entry(6, 58, "FA1")];
    // Nets: 1 → 50 − 0.5 = 49.5, 2 → 54 − 6 = 48.0, 3 → 56 − 6.5 = 49.5, 4 → no handicap, 6 → 58 − 10 = 48.0.
    const handicaps = { 1: { handicap: 0.5 }, 2: { handicap: 6 }, 3: { handicap: 6.5 }, 5: { handicap: 1 }, 6: { handicap: 10 } };
    const groups = resultGroups(entries, [], handicaps);
    const [ma1, fa1] = ["MA1", "FA1"].map((d) => groups.find((g) => g.division === d));
    expect(ma1?.rows.map((r) => [r.id, r.net, r.netPlace, r.place])).toEqual([
      [2, 48, "1", "3"],
      [1, 49.5, "T2", "1"],
      [3, 49.5, "T2", "4"],
      [4, null, null, "2"],
      [5, null, null, null],
    ]);
    expect(ma1?.winners.map((r) => r.id)).toEqual([2]);
    expect(fa1?.rows.map((r) => [r.netPlace, r.place])).toEqual([["1", "1"]]);
    // Without handicaps asked for: the gross order and winners, no net.
    const gross = resultGroups(entries, []).find((g) => g.division === "MA1");
    expect(gross?.winners.map((r) => r.id)).toEqual([1]);
    expect(gross?.rows.every((r) => r.net === undefined)).toBe(true);
  });
});
