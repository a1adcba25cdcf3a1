// Scoring a card live (ADR 26), over the POST a phone falls back to: order, resends,
// disagreements flagged and settled, corrections with their history, penalties and DNF,
// and the card's start in D1 that freezes it for the card editor.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { change, liveState, makeLiveRound, post, postOk } from "../live-fixtures";
import { call } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { cards } from "~/.server/db/schema";

describe("scoring a card", () => {
  it("a cardmate's scores are applied in order and the state shows them", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([3]);
    const [a, b, c] = card.players;
    const results = await postOk(round.id, a.token, [
      change.strokes(a.entry.id, 1, 3),
      change.strokes(b.entry.id, 1, 4),
      change.strokes(c.entry.id, 1, 2),
    ]);
    expect(results.map((r) => r.status)).toEqual(["applied", "applied", "applied"]);
    const seqs = results.map((r) => (r.status === "applied" ? r.seq : 0));
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2]);
    const { state, leaderboard } = await liveState(round.id);
    expect(state.players.find((p) => p.entryId === b.entry.id)?.strokes[0]).toBe(4);
    expect(leaderboard[0].rows.map((r: { name: string }) => r.name)[0]).toBe(`${c.player.firstName} ${c.player.lastName}`);
  });

  it("the first accepted score starts the card in D1, once", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([2]);
    const [a] = card.players;
    const startedAt = async () => (await testDb().select({ at: cards.startedAt }).from(cards).where(eq(cards.id, card.id)))[0].at;
    expect(await startedAt()).toBeNull();
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 1, 3)]);
    const first = await startedAt();
    expect(first).toEqual(expect.any(Number));
    await postOk(round.id, a.token, [change.strokes(a.entry.id, 2, 3)]);
    expect(await startedAt()).toBe(first);
  });
});
