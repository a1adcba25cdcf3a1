import { describe, expect, it } from "vitest";
import { bestOf, placePoints, roundPoints, tiedPlacePoints } from "~/lib/standings/standings-points";
import { describeRule } from "~/lib/standings/standings-rule";
import { sortStandings, standingsSort } from "~/lib/standings/standings-sort";
import { buildStandings } from "~/lib/standings/standings-table";

const rule = { pointsFirst: 100, pointsStep: 5, pointsFloor: 10, pointsParticipation: 5, standingsBestN: 10 };

describe("points for a place", () => {
  it("starts at the points for 1st and steps down per place", () => {
    expect([1, 2, 3, 10].map((p) => placePoints(p, rule))).toEqual([100, 95, 90, 55]);
  });

  it("never goes under the floor", () => {
    expect(placePoints(19, rule)).toBe(10);
    expect(placePoints(20, rule)).toBe(10);
    expect(placePoints(200, rule)).toBe(10);
    expect(placePoints(3, { ...rule, pointsFirst: 20, pointsStep: 7, pointsFloor: 8 })).toBe(8);
  });

  it("a tie shares the average of the places it takes", () => {
    expect(tiedPlacePoints(2, 2, rule)).toBe(92.5); // 95 and 90
    expect(tiedPlacePoints(1, 3, rule)).toBe(95); // 100, 95, 90
    expect(tiedPlacePoints(1, 3, { ...rule, pointsStep: 1 })).toBe(99);
    expect(tiedPlacePoints(2, 3, { ...rule, pointsStep: 10 })).toBe(80); // 90, 80, 70
    expect(tiedPlacePoints(1, 3, { ...rule, pointsStep: 7 })).toBe(93); // 100, 93, 86
    expect(tiedPlacePoints(1, 3, { ...rule, pointsFirst: 10, pointsStep: 1, pointsFloor: 0 })).toBe(9);
    // 100 + 99 + 99 (floor) over 3: rounded to hundredths.
    expect(tiedPlacePoints(1, 3, { ...rule, pointsStep: 1, pointsFloor: 99 })).toBe(99.33);
    // A tie at the floor shares floor points.
    expect(tiedPlacePoints(18, 4, rule)).toBe(Math.round(((15 + 10 + 10 + 10) / 4) * 100) / 100);
  });
});

describe("one round's points", () => {
  const e = (id: number, division: string, score: number) => ({ id, roundId: 1, playerId: id, division, score });

  it("places by score like the payouts, ties share, participation on top", () => {
    const { points, waiting } = roundPoints([e(1, "MA1", 50), e(2, "MA1", 48), e(3, "MA1", 50), e(4, "MA1", 55)], rule);
    expect(waiting).toEqual([]);
    const by = Object.fromEntries(points.map((p) => [p.id, [p.place, p.points]]));
    expect(by).toEqual({ 2: [1, 105], 1: [2, 97.5], 3: [2, 97.5], 4: [4, 90] });
  });

  it("a division with a 0 score gives no points and is named as waiting; another division still counts", () => {
    const { points, waiting } = roundPoints([e(1, "MA1", 50), e(2, "MA1", 0), e(3, "MPO", 47)], rule);
    expect(waiting).toEqual(["MA1"]);
    expect(points).toEqual([{ id: 3, roundId: 1, playerId: 3, division: "MPO", score: 47, place: 1, points: 105 }]);
  });
});

describe("best N", () => {
  it("sums the N highest, all of them when fewer, exactly in hundredths", () => {
    expect(bestOf([10, 50, 30, 40], 2)).toEqual({ total: 90, counted: [50, 40] });
    expect(bestOf([10, 50], 5).total).toBe(60);
    expect(bestOf([0.1, 0.2, 92.5, 97.33], 4).total).toBe(190.13);
  });
});

describe("season standings", () => {
  const round = (id: number) => ({ id, startsAt: id * 1000, name: `Week ${id}` });
  const entry = (id: number, roundId: number, playerId: number, score: number, division = "MA1") => ({
    id,
    roundId,
    playerId,
    division,
    score,
    firstName: `F${playerId}`,
    lastName: `L${playerId}`,
  });

  it("counts the best N rounds, ranks by total with shared ranks, and skips incomplete rounds", () => {
    const rounds = [round(1), round(2), round(3), round(4)];
    const list = [
      // Week 1: A wins, B and C tie 2nd.
      entry(1, 1, 1, 50),
      entry(2, 1, 2, 52),
      entry(3, 1, 3, 52),
      // Week 2: C wins, A 2nd.
      entry(4, 2, 3, 49),
      entry(5, 2, 1, 51),
      // Week 3: B alone.
      entry(6, 3, 2, 60),
      // Week 4 is waiting for a card: nobody's points.
      entry(7, 4, 1, 45),
      entry(8, 4, 2, 0),
      // Another division the same night.
      entry(9, 1, 4, 44, "MPO"),
    ];
    const [mpo, ma1] = buildStandings(list, rounds, { ...rule, standingsBestN: 1 });
    expect(mpo?.division).toBe("MPO"); // the spec's order: pro before amateur
    expect(ma1?.roundsScored).toBe(3);
    expect(ma1?.waiting.map((r) => r.id)).toEqual([4]);
    const rows = ma1?.players.map((p) => [p.playerId, p.rank, p.total, p.roundsPlayed, p.roundsCounted]);
    // Best 1: A 105 (wk1) ; B max(97.5, 105) = 105 ; C max(97.5, 105) = 105: all tie on rank 1.
    expect(rows).toEqual([
      [1, 1, 105, 2, 1],
      [2, 1, 105, 2, 1],
      [3, 1, 105, 2, 1],
    ]);
    const [, withTwo] = buildStandings(list, rounds, { ...rule, standingsBestN: 2 });
    // Best 2: A 105 + 100; B 97.5 + 105; C 97.5 + 105: B and C share 2nd.
    expect(withTwo?.players.map((p) => [p.playerId, p.rank, p.total])).toEqual([
      [1, 1, 205],
      [2, 2, 202.5],
      [3, 2, 202.5],
    ]);
    const a = withTwo?.players.find((p) => p.playerId === 1);
    expect(a?.rounds).toEqual([
      { roundId: 1, place: 1, points: 105, counted: true },
      { roundId: 2, place: 2, points: 100, counted: true },
    ]);
    expect(a?.average).toBe(102.5);
  });

  it("sorts by any column through the URL, rank breaking ties", () => {
    const list = [entry(1, 1, 1, 50), entry(2, 1, 2, 52), entry(3, 2, 2, 50)];
    const [ma1] = buildStandings(list, [round(1), round(2)], rule);
    const players = ma1?.players ?? [];
    expect(sortStandings(players, standingsSort(new URLSearchParams("sort=played&dir=desc"))).map((p) => p.playerId)).toEqual([2, 1]);
    expect(sortStandings(players, standingsSort(new URLSearchParams("sort=bogus"))).map((p) => p.rank)).toEqual([1, 2]);
    expect(sortStandings(players, standingsSort(new URLSearchParams("sort=total&dir=asc"))).map((p) => p.playerId)).toEqual([1, 2]);
  });

  it("says the method with the numbers", () => {
    expect(describeRule(rule)).toBe(
      "1st place in a division gets 100 points and each place below 5 fewer, never fewer than 10 (from place 19 on); players who tie share the points of the places they take, and everyone with a score gets 5 more for playing. A player's total is their best 10 rounds of the season in that division.",
    );
    expect(describeRule({ ...rule, pointsStep: 0, standingsBestN: 1 })).toMatch(
      /^Every finishing place in a division gets 100 points;.*best 1 round of/,
    );
  });
});
