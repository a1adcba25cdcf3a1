// The player page's score history on the real D1 (app/.server/services/score-history.ts):
// only the player's scored entries, oldest first, with their ratings; and the page's
// loader hands the chart the same numbers, ratings on ?chart=ratings once any are stored.
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { scoreHistory } from "~/.server/services/score-history";
import * as playerPage from "~/routes/player";

async function history() {
  const player = await makePlayer();
  const other = await makePlayer();
  const [older, newer, unscored] = [
    await makeRound({ d: nowSec() - 20 * DAY }),
    await makeRound({ d: nowSec() - 6 * DAY }),
    await makeRound(),
  ];
  await makeEntry({ roundId: newer.id, playerId: player.id, score: 51, rating: 1002 });
  await makeEntry({ roundId: older.id, playerId: player.id, score: 57 });
  await makeEntry({ roundId: unscored.id, playerId: player.id, score: 0 });
  await makeEntry({ roundId: older.id, playerId: other.id, score: 44 });
  return { player, older, newer };
}

describe("scoreHistory", () => {
  it("lists the player's scored entries oldest first, with rating and round", async () => {
    const { player, older, newer } = await history();
    expect(await scoreHistory(testDb(), player.id)).toEqual([
      { roundId: older.id, d: older.d, n: older.n, score: 57, rating: null },
      { roundId: newer.id, d: newer.d, n: newer.n, score: 51, rating: 1002 },
    ]);
  });
});

describe("the player page's chart", () => {
  it("shows scores by default and ratings when asked; a player with no scores has none", async () => {
    const { player } = await history();
    const page = async (query: string) =>
      (
        await outcome(
          playerPage.loader(await argsFor("nobody", `/players/${player.id}${query}`, undefined, { playerId: String(player.id) })),
        )
      ).data;
    const scores = (await page("")).chart;
    expect(scores).toMatchObject({ metric: "scores", hasRatings: true });
    expect(scores.rows.map((r: { value: number }) => r.value)).toEqual([57, 51]);
    expect(scores.summary).toMatch(/^Scores of 2 rounds, .*: best 51, worst 57 \(lower is better\)/);
    const ratings = (await page("?chart=ratings")).chart;
    expect(ratings.rows.map((r: { value: number }) => r.value)).toEqual([1002]);
    expect((await page("?chart=bogus")).chart.metric).toBe("scores");

    const fresh = await makePlayer();
    const none = await outcome(
      playerPage.loader(await argsFor("nobody", `/players/${fresh.id}`, undefined, { playerId: String(fresh.id) })),
    );
    expect(none.data.chart).toBeNull();
  });
});
