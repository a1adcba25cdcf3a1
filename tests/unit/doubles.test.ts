import { describe, expect, it } from "vitest";
import { makeTeamCards } from "~/lib/cards/cards";
import { drawTeams, splitBetween, teamResults, teamsOf } from "~/lib/doubles/doubles";
import { scoreUnits } from "~/lib/live/live-scoring";
import type { LivePlayer } from "~/lib/live/live-state";
import { payoutsByEntry } from "~/lib/rounds/payouts";
import { roundPoints } from "~/lib/standings/standings-points";

// Random-draw doubles (ADR 31): the draw covers every player once, balanced pairs the
// strongest with the weakest, an odd field leaves one cali; teams are placed and paid as
// one and each team's payout is split between its partners to the cent.

const field = (n: number, rated = true) => Array.from({ length: n }, (_, i) => ({ entryId: i + 1, rating: rated ? 1000 - i * 10 : null }));
/** A random source that always picks the first: the shuffle keeps the list as given, in reverse pairs. */
const first = () => 0;

describe("drawTeams", () => {
  it.each([2, 5, 8, 13])("draws %i players into teams covering each once, an odd one out as cali", (n) => {
    for (const mode of ["random", "balanced"] as const) {
      const teams = drawTeams(field(n), mode);
      expect(teams.flat().sort((a, b) => a - b)).toEqual(field(n).map((p) => p.entryId));
      expect(teams.filter((t) => t.length === 1)).toHaveLength(n % 2);
      expect(teams.every((t) => t.length === 1 || t.length === 2)).toBe(true);
    }
  });

  it("balanced: the strongest with the weakest, the middle player of an odd field plays cali", () => {
    // Ratings 1000, 990, …, 960 for entries 1..5.
    expect(drawTeams(field(5), "balanced", first)).toEqual([[1, 5], [2, 4], [3]]);
    expect(drawTeams(field(4), "balanced", first)).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it("balanced: unrated players rank below every rated one", () => {
    const players = [
      { entryId: 1, rating: null },
      { entryId: 2, rating: 900 },
      { entryId: 3, rating: 950 },
      { entryId: 4, rating: null },
    ];
    const teams = drawTeams(players, "balanced", first);
    // 3 (950) and 2 (900) lead their teams; the unrated fill the weak ends.
    expect(teams.map((t) => t[0])).toEqual([3, 2]);
  });
});

describe("team payouts", () => {
  const entry = (id: number, team: number | null, score: number, division = "MA1") => ({ id, team, score, division });

  it("places teams by score, pays the pool of every entry, and splits each team's payout to the cent", () => {
    // Five entries at $4.50: a $22.50 pool; three teams (one cali) → 2 paid places.
    const entries = [entry(1, 1, 50), entry(2, 1, 50), entry(3, 2, 48, "FPO"), entry(4, 2, 48), entry(5, 3, 55)];
    const paid = payoutsByEntry(entries, 450);
    const team2 = (paid.get(3)?.payoutCents ?? 0) + (paid.get(4)?.payoutCents ?? 0);
    const team1 = (paid.get(1)?.payoutCents ?? 0) + (paid.get(2)?.payoutCents ?? 0);
    expect(team2).toBeGreaterThan(team1);
    expect(team2 + team1).toBeLessThanOrEqual(2_250 + 25);
    expect(paid.get(5)).toEqual({ payoutCents: 0, result: "3/3|(Doubles)" });
    // Partners carry the team's place, whatever their divisions.
    expect(paid.get(3)?.result).toBe("1/3|(Doubles)");
    expect(paid.get(4)?.result).toBe("1/3|(Doubles)");
    // The partners' shares differ by at most a cent, the first listed taking the odd one.
    expect(Math.abs((paid.get(3)?.payoutCents ?? 0) - (paid.get(4)?.payoutCents ?? 0))).toBeLessThanOrEqual(1);
    expect(paid.get(3)?.payoutCents ?? 0).toBeGreaterThanOrEqual(paid.get(4)?.payoutCents ?? 0);
  });

  it("pays nothing while a team's score is missing", () => {
    const paid = payoutsByEntry([entry(1, 1, 50), entry(2, 1, 50), entry(3, 2, 0), entry(4, 2, 0)], 450);
    expect([...paid.values()].every((p) => p.payoutCents === 0 && p.result === null)).toBe(true);
  });

  it("splits to the cent, the odd cent to the first partner", () => {
    expect(splitBetween(875, 2)).toEqual([438, 437]);
    expect(splitBetween(900, 2)).toEqual([450, 450]);
    expect(splitBetween(875, 1)).toEqual([875]);
  });

  it("a team's place and payout as the round page shows it", () => {
    const rows = teamResults([
      { id: 1, team: 1, score: 50, playerId: 11, name: "Ann", result: "2/2|(Doubles)", payoutCents: 0 },
      { id: 2, team: 1, score: 50, playerId: 12, name: "Bo", result: "2/2|(Doubles)", payoutCents: 0 },
      { id: 3, team: 2, score: 47, playerId: 13, name: "Cy", result: "1/2|(Doubles)", payoutCents: 900 },
    ]);
    expect(rows.map((r) => [r.place, r.members.map((m) => m.name).join("+"), r.payoutCents])).toEqual([
      [1, "Cy", 900],
      [2, "Ann+Bo", 0],
    ]);
  });
});

describe("teams on cards, on the phone and in the standings", () => {
  it("keeps partners on one card, two teams a card", () => {
    const cards = makeTeamCards([[1, 2], [3, 4], [5, 6], [7]], first);
    expect(cards.map((c) => c.length).sort()).toEqual([3, 4]);
    for (const [a, b] of [
      [1, 2],
      [3, 4],
      [5, 6],
    ]) {
      expect(cards.some((c) => c.includes(a as number) && c.includes(b as number))).toBe(true);
    }
  });

  it("scores a team as one unit under both names, a player without a team alone", () => {
    const p = (entryId: number, name: string) => ({ entryId, name }) as LivePlayer;
    const units = scoreUnits([p(1, "Ann"), p(2, "Bo"), p(3, "Cy")], { 1: 4, 2: 4 });
    expect(units.map((u) => [u.name, u.members.map((m) => m.entryId)])).toEqual([
      ["Ann & Bo", [1, 2]],
      ["Cy", [3]],
    ]);
  });

  it("gives each partner the team's place in their own division's standings", () => {
    const rule = { pointsFirst: 100, pointsStep: 10, pointsFloor: 0, pointsParticipation: 0, standingsBestN: 10 };
    const e = (id: number, team: number, division: string, result: string) => ({
      id,
      roundId: 1,
      playerId: id,
      division,
      score: 50,
      team,
      result,
    });
    const { points, waiting } = roundPoints(
      [e(1, 1, "MA1", "1/2|(Doubles)"), e(2, 1, "FPO", "1/2|(Doubles)"), e(3, 2, "MA1", "2/2|(Doubles)")],
      rule,
    );
    expect(waiting).toEqual([]);
    expect(points.map((p) => [p.playerId, p.division, p.place, p.points])).toEqual([
      [1, "MA1", 1, 100],
      [2, "FPO", 1, 100],
      [3, "MA1", 2, 90],
    ]);
    expect(roundPoints([{ ...e(1, 1, "MA1", "x"), result: null }], rule).waiting).toEqual(["MA1"]);
  });

  it("groups a round's entries by team, solos apart", () => {
    const teams = teamsOf([
      { id: 3, team: 1, score: 0 },
      { id: 1, team: 1, score: 0 },
      { id: 2, team: null, score: 0 },
    ]);
    expect(teams.map((t) => t.map((e) => e.id))).toEqual([[1, 3], [2]]);
  });
});
