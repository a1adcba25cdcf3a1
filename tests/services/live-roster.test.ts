// What live scoring reads from D1 and the one thing it writes there before finalising
// (ADR 26): a round's holes and cards, a card's start (the guard the card editor's batches
// rely on: a started card is no longer theirs), and the scoring PIN.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeRound, nowSec, refusal, testDb } from "../fixtures";
import { makeLiveRound, pinOf } from "../live-fixtures";
import { cards, users } from "~/.server/db/schema";
import { hashPin, pinMatches, setScoringPin } from "~/.server/services/accounts/scoring-pin";
import { liveRoster, pinHashOfPlayer, startCard } from "~/.server/services/live/live-roster";

describe("liveRoster", () => {
  it("reads the layout's pars, or 18 holes of par 3 without one, and each card's players in card order", async () => {
    const plain = await makeLiveRound([3, 2]);
    const roster = await liveRoster(testDb(), plain.round.id);
    expect(roster.holes).toEqual(Array.from({ length: 18 }, (_, i) => ({ hole: i + 1, par: 3 })));
    expect(roster.cards.map((c) => [c.number, c.players.map((p) => p.entryId)])).toEqual(
      plain.cards.map((c) => [c.number, c.players.map((p) => p.entry.id)]),
    );
    const laid = await makeLiveRound([1], { pars: [3, 4, 5, 3, 3, 3, 4, 3, 3] });
    expect((await liveRoster(testDb(), laid.round.id)).holes.map((h) => h.par)).toEqual([3, 4, 5, 3, 3, 3, 4, 3, 3]);
    expect((await refusal(liveRoster(testDb(), 2_147_483_002))).status).toBe(404);
  });
});

describe("startCard", () => {
  it("sets started_at once, after which the card editor's guarded write finds no card to change", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([2]);
    const first = await startCard(testDb(), round.id, card.id, nowSec() - 5);
    expect(first?.startedAt).toBe(nowSec() - 5);
    const again = await startCard(testDb(), round.id, card.id, nowSec());
    expect(again?.startedAt).toBe(first?.startedAt);
    const edited = await testDb()
      .update(cards)
      .set({ startHole: 9 })
      .where(and(eq(cards.id, card.id), isNull(cards.startedAt)))
      .returning();
    expect(edited).toEqual([]);
  });

  it("starts nothing while the round's cards are drafts, nor a card of another round", async () => {
    const {
      round,
      cards: [card],
    } = await makeLiveRound([2], { published: false });
    expect(await startCard(testDb(), round.id, card.id, nowSec())).toBeNull();
    const other = await makeRound({ cardsPublishedAt: nowSec() });
    expect(await startCard(testDb(), other.id, card.id, nowSec())).toBeNull();
    expect((await testDb().select().from(cards).where(eq(cards.id, card.id)))[0].startedAt).toBeNull();
  });
});

describe("the scoring PIN", () => {
  it("is stored salted and matches only itself", async () => {
    const [one, two] = [await hashPin("1234"), await hashPin("1234")];
    expect(one).not.toBe(two);
    expect(await pinMatches(one, "1234")).toBe(true);
    expect(await pinMatches(one, "1235")).toBe(false);
    expect(await pinMatches(null, "1234")).toBe(false);
    expect(await pinMatches("sha256$bad", "1234")).toBe(false);
  });

  it("is set on the user and found by their player; a PIN that is not 4 digits is refused", async () => {
    const {
      cards: [card],
    } = await makeLiveRound([1], { pins: true });
    const [p] = card.players;
    expect(await pinMatches(await pinHashOfPlayer(testDb(), p.player.id), pinOf(0))).toBe(true);
    expect((await refusal(setScoringPin(testDb(), p.user.id, "12a4"))).status).toBe(400);
    await setScoringPin(testDb(), p.user.id, null);
    expect((await testDb().select().from(users).where(eq(users.id, p.user.id)))[0].scoringPinHash).toBeNull();
  });
});
