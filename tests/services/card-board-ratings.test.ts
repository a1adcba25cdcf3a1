// The board's ratings are read in SQL beside the board (its own filter names the players):
// the same league ratings currentRatings gives for the players it lists.
import { describe, expect, it } from "vitest";
import { DAY, makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { cardBoard } from "~/.server/services/cards/card-board";
import { currentRatings } from "~/.server/services/ratings/league-ratings";

describe("a round's board", () => {
  it("shows each checked-in player's league rating, and only theirs", async () => {
    const [rated, fresh, absent] = await Promise.all([makePlayer(), makePlayer(), makePlayer()]);
    for (const [days, rating] of [
      [30, 900],
      [20, 960],
    ] as const) {
      const past = await makeRound({ startsAt: nowSec() - days * DAY });
      await makeEntry({ roundId: past.id, playerId: rated.id, score: 50, rating });
      await makeEntry({ roundId: past.id, playerId: absent.id, score: 52, rating: 800 });
    }
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: rated.id, checkedInAt: nowSec() });
    await makeEntry({ roundId: round.id, playerId: fresh.id, checkedInAt: nowSec() });
    await makeEntry({ roundId: round.id, playerId: absent.id }); // signed up, not checked in

    const board = await cardBoard(testDb(), round.id);
    const expected = (await currentRatings(testDb(), [rated.id])).get(rated.id);
    expect(expected).toBeGreaterThan(0);
    expect(board.waiting.map((p) => [p.playerId, p.rating]).sort()).toEqual(
      [
        [rated.id, expected],
        [fresh.id, null],
      ].sort(),
    );
  });
});
