import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { getPlayer, listPlayersWithStats } from "~/.server/services/players/players";
import { playerDetailJson } from "../../workers/api/serializers/players";

// The player page's summary numbers (wins, best score, this year's average) come from the
// same one stats query as the counts; these tests hold them to their definitions.

const YEAR_START = 1_735_689_600; // any instant works as the year's first second

async function playedRounds(playerId: number, rows: { startsAt: number; score: number; result: string | null }[]) {
  for (const { startsAt, score, result } of rows) {
    const round = await makeRound({ startsAt });
    await makeEntry({ roundId: round.id, playerId, score, result });
  }
}

describe("player summary (the player page)", () => {
  it("counts a win for each first place, ties included, and takes the lowest recorded score as the best", async () => {
    const me = await makePlayer();
    await playedRounds(me.id, [
      { startsAt: YEAR_START - 40 * DAY, score: 49, result: "1/6|(MA1)" }, // an outright win last year
      { startsAt: YEAR_START + 1 * DAY, score: 52, result: "1/7|(MA1)" }, // a tie for first is a win too
      { startsAt: YEAR_START + 8 * DAY, score: 55, result: "10/12|(MA1)" }, // 10th, not 1st
      { startsAt: YEAR_START + 15 * DAY, score: 51, result: "2/9|(MA1)" },
      { startsAt: YEAR_START + 22 * DAY, score: 57, result: null }, // scores of a division still coming in
      { startsAt: YEAR_START + 29 * DAY, score: 0, result: null }, // signed up, not played: not a best score of 0
    ]);
    const player = await getPlayer(testDb(), me.id, YEAR_START);
    expect(player.wins).toBe(2);
    expect(player.bestScore).toBe(49);
    // This year's scored rounds: 52, 55, 51, 57 → 53.75 → 53.8; all time adds 49 → 52.8.
    expect(player.thisYearAverage).toBe(53.8);
    expect(player.average).toBe(52.8);
    expect(player.roundCount).toBe(5);
    expect(player.roundCountYear).toBe(4);
  });

  it("gives a player who has not played no wins, no best score and no averages", async () => {
    const idle = await makePlayer();
    await playedRounds(idle.id, [{ startsAt: YEAR_START + DAY, score: 0, result: null }]);
    expect(await getPlayer(testDb(), idle.id, YEAR_START)).toMatchObject({
      wins: 0,
      bestScore: null,
      average: null,
      thisYearAverage: null,
      roundCount: 0,
    });
  });

  it("leaves the /api's player and list answers as they were (no summary fields leak out)", async () => {
    const me = await makePlayer();
    await playedRounds(me.id, [{ startsAt: YEAR_START + DAY, score: 50, result: "1/3|(MA1)" }]);
    const db = testDb();
    const json = playerDetailJson(await getPlayer(db, me.id, YEAR_START));
    expect(Object.keys(json).sort()).toEqual(
      [
        "average",
        "balance",
        "claims",
        "division",
        "fn",
        "id",
        "inactive",
        "ln",
        "pdga",
        "roundCount",
        "roundCountYear",
        "thisYearAverage",
      ].sort(),
    );
    const listed = (await listPlayersWithStats(db, YEAR_START)).find((p) => p.id === me.id);
    expect(listed).not.toHaveProperty("wins");
    expect(listed).not.toHaveProperty("bestScore");
  });
});
