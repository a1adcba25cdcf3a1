// The player page's score history on the real D1 (app/.server/services/players/score-history.ts):
// only the player's scored entries, oldest first, with their ratings; and the page's
// loader hands the chart the same numbers, ratings on ?chart=ratings once any are stored.
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { playerScoreChart, scoreHistory } from "~/.server/services/players/score-history";
import * as playerPage from "~/routes/player";

async function history() {
  const player = await makePlayer();
  const other = await makePlayer();
  const [older, newer, unscored] = [
    await makeRound({ startsAt: nowSec() - 20 * DAY }),
    await makeRound({ startsAt: nowSec() - 6 * DAY }),
    await makeRound(),
  ];
  await makeEntry({ roundId: newer.id, playerId: player.id, score: 51, rating: 1002 });
  await makeEntry({ roundId: older.id, playerId: player.id, score: 57 });
  await makeEntry({ roundId: unscored.id, playerId: player.id, score: 0 });
  await makeEntry({ roundId: older.id, playerId: other.id, score: 44 });
  return { player, older, newer };
}

describe("scoreHistory", () => {
  it("lists the player's scored entries oldest first, with rating, round and par (the league's, without a layout)", async () => {
    const { player, older, newer } = await history();
    expect(await scoreHistory(testDb(), player.id)).toEqual([
      { roundId: older.id, startsAt: older.startsAt, roundName: older.name, score: 57, par: 54, rating: null },
      { roundId: newer.id, startsAt: newer.startsAt, roundName: newer.name, score: 51, par: 54, rating: 1002 },
    ]);
  });
});

describe("the player page's chart", () => {
  it("shows scores by default and ratings when asked; a player with no scores has none", async () => {
    const { player } = await history();
    const chart = (query: string) => playerScoreChart(testDb(), player.id, `http://x/players/${player.id}${query}`, "America/Chicago");
    const scores = (await chart(""))!;
    expect(scores).toMatchObject({ metric: "scores", hasRatings: true });
    expect(scores.rows.map((r) => r.value)).toEqual([3, -3]);
    expect(scores.summary).toMatch(/^Scores against par of 2 rounds, .*: best \u22123, worst \+3 \(lower is better\)/);
    expect((await chart("?chart=ratings"))!.rows.map((r) => r.value)).toEqual([1002]);
    expect((await chart("?chart=bogus"))!.metric).toBe("scores");

    // The page gets the same chart to draw (app/components/players/score-chart.tsx).
    const page = async (id: number, query = "") =>
      (await outcome(playerPage.loader(await argsFor("nobody", `/players/${id}${query}`, undefined, { playerId: String(id) })))).data;
    const shown = (await page(player.id)).chart;
    expect(shown).toEqual(scores);
    expect((await page(player.id, "?chart=ratings")).chart).toMatchObject({ metric: "ratings", rows: [{ value: 1002 }] });

    const fresh = await makePlayer();
    expect((await page(fresh.id)).chart).toBeNull();
  });
});
