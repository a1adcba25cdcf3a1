import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, nowSec, refusal, testDb } from "../fixtures";
import { cardLists, cardsVersionOf, checkedInRound } from "../night-fixtures";
import { recordQueue } from "../registration-fixtures";
import { cards } from "~/.server/db/schema";
import { addLateArrival, moveToCard, setCardStart } from "~/.server/services/cards/card-edits";
import { publishCards } from "~/.server/services/cards/card-publish";
import { cardBoard } from "~/.server/services/cards/card-board";
import { CARDS_CHANGED } from "~/.server/services/cards/card-sql";
import { CARD_MESSAGES, makeRoundCards, saveCards } from "~/.server/services/cards/card-writes";
import { checkIn } from "~/.server/services/night/check-in";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";

// Editing a round's cards (ADR 25): every write carries the version it read, started cards
// never change, published cards change card by card; late arrivals, moves and starts.

const db = testDb;
const arrangement = (board: Awaited<ReturnType<typeof makeRoundCards>>) =>
  board.cards.map((c) => ({ number: c.number, startHole: c.startHole, teeTime: c.teeTime, entryIds: c.players.map((p) => p.entryId) }));

async function madeCards(n: number) {
  const night = await checkedInRound(n);
  const board = await makeRoundCards(db(), night.round.id, { version: 0, mode: "random", start: "shotgun" });
  return { ...night, board };
}

describe("saving an arrangement", () => {
  it("stores it as given, drops emptied cards, and labels cards sharing a hole A and B", async () => {
    const { round, board } = await madeCards(12);
    const cardsNow = arrangement(board);
    const moved = cardsNow[2]!.entryIds;
    cardsNow[0]!.entryIds.push(...moved);
    cardsNow[2]!.entryIds = [];
    cardsNow[1]!.startHole = cardsNow[0]!.startHole;
    const saved = await saveCards(db(), round.id, board.version, cardsNow);
    expect(saved.version).toBe(board.version + 1);
    expect(saved.cards.map((c) => [c.number, c.startLabel, c.players.length])).toEqual([
      [1, "1A", 8],
      [2, "1B", 4],
    ]);
    expect(await cardLists(round.id)).toEqual([cardsNow[0]!.entryIds, cardsNow[1]!.entryIds]);
  });

  it("refuses a save from an old read with the reload message and changes nothing", async () => {
    const { round, board } = await madeCards(8);
    await saveCards(db(), round.id, board.version, arrangement(board).reverse());
    const before = await cardLists(round.id);
    const err = await refusal(saveCards(db(), round.id, board.version, arrangement(board)));
    expect([err.status, err.message]).toEqual([409, CARDS_CHANGED]);
    expect(await cardLists(round.id)).toEqual(before);
  });

  it("refuses players who are not checked in, twice placed, and starts off the course", async () => {
    const { round, board } = await madeCards(6);
    const extra = await checkedInRound(3);
    const cardsNow = arrangement(board);
    const foreign = await refusal(saveCards(db(), round.id, board.version, [{ ...cardsNow[0]!, entryIds: [extra.entries[0]!.id] }]));
    expect(foreign.status).toBe(404);
    const twice = await refusal(
      saveCards(db(), round.id, board.version, [cardsNow[0]!, { ...cardsNow[1]!, entryIds: [cardsNow[0]!.entryIds[0]!] }]),
    );
    expect(twice.status).toBe(400);
    const off = await refusal(saveCards(db(), round.id, board.version, [{ ...cardsNow[0]!, startHole: 19 }]));
    expect([off.status, off.message]).toEqual([400, "Card 1: the start hole must be between 1 and 18"]);
    expect(await cardsVersionOf(round.id)).toBe(board.version);
  });

  it("keeps a started card exactly as it is, and refuses any change to it", async () => {
    const { round, board } = await madeCards(8);
    await db()
      .update(cards)
      .set({ startedAt: nowSec() })
      .where(and(eq(cards.roundId, round.id), eq(cards.number, 1)));
    const cardsNow = arrangement(board);
    const [a, b] = [cardsNow[0]!, cardsNow[1]!];
    const err = await refusal(
      saveCards(db(), round.id, board.version, [
        { ...a, entryIds: a.entryIds.slice(1) },
        { ...b, entryIds: [...b.entryIds, a.entryIds[0]!] },
      ]),
    );
    expect([err.status, err.message]).toEqual([409, CARD_MESSAGES.startedCard(1)]);
    const saved = await saveCards(db(), round.id, board.version, [a, { ...b, startHole: 9 }]);
    expect(saved.cards.map((c) => [c.number, c.startLabel, c.startedAt !== null])).toEqual([
      [1, "1", true],
      [2, "9", false],
    ]);
  });
});

describe("the editor's steps", () => {
  it("moves a player to another card and to a new one; changes a card's start to a tee time", async () => {
    const { round, board } = await madeCards(8);
    const who = board.cards[0]!.players[0]!;
    const moved = await moveToCard(db(), round.id, { version: board.version, entryId: who.entryId, to: 2 });
    expect(moved).toMatchObject({ name: who.name, cardNumber: 2 });
    expect(moved.board.cards[1]!.players.at(-1)?.entryId).toBe(who.entryId);
    const fresh = await moveToCard(db(), round.id, { version: moved.board.version, entryId: who.entryId, to: "new" });
    expect(fresh.cardNumber).toBe(3);
    expect(fresh.board.cards[2]).toMatchObject({ startHole: 2, players: [expect.objectContaining({ entryId: who.entryId })] });
    const timed = await setCardStart(db(), round.id, {
      version: fresh.board.version,
      number: 3,
      start: { startHole: null, teeTime: round.startsAt + 600 },
    });
    expect(timed.cards[2]).toMatchObject({ startHole: null, startLabel: null, teeTime: round.startsAt + 600 });
  });

  it("puts a late arrival on the smallest card (the lowest number on a tie), and only a checked-in player on none", async () => {
    const { round, board, admin } = await madeCards(11);
    // 11 players: cards of 4, 4 and 3, so card 3 is the smallest.
    const comer = await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    const stranger = await refusal(addLateArrival(db(), round.id, { version: board.version, entryId: comer.id }));
    expect(stranger.status).toBe(404);
    const entry = await checkIn(db(), { roundId: round.id, entryId: comer.id, who: { admin: true, userId: admin.id }, timeZone: "UTC" });
    const placed = await addLateArrival(db(), round.id, { version: board.version, entryId: entry.entryId });
    expect(placed.cardNumber).toBe(3);
    expect(placed.board.cards.map((c) => c.players.length)).toEqual([4, 4, 4]);
    const again = await refusal(addLateArrival(db(), round.id, { version: placed.board.version, entryId: entry.entryId }));
    expect([again.status, again.message]).toEqual([409, `${entry.name} is already on card 3.`]);
  });
});

describe("publishing", () => {
  it("publishes once and enqueues one announcement; again it answers that they already are", async () => {
    const { round, board } = await madeCards(6);
    const { jobs, queue } = recordQueue();
    const first = await publishCards(db(), round.id, board.version, { jobs: queue, origin: "http://localhost" });
    expect(first.published).toBe(true);
    expect(first.board.publishedAt).not.toBeNull();
    const again = await publishCards(db(), round.id, board.version, { jobs: queue, origin: "http://localhost" });
    expect(again.published).toBe(false);
    expect(jobs).toEqual([expect.objectContaining({ type: "cards-published", roundId: round.id, publishedAt: first.board.publishedAt })]);
  });

  it("is refused with no cards, and from an old read; a queue that fails leaves them a draft", async () => {
    const empty = await checkedInRound(3);
    const none = await refusal(publishCards(db(), empty.round.id, 0, { jobs: recordQueue().queue, origin: "x" }));
    expect([none.status, none.message]).toEqual([409, CARD_MESSAGES.noCards]);
    const { round, board } = await madeCards(6);
    const stale = await refusal(publishCards(db(), round.id, board.version - 1, { jobs: recordQueue().queue, origin: "x" }));
    expect(stale.message).toBe(CARDS_CHANGED);
    await expect(publishCards(db(), round.id, board.version, { jobs: recordQueue({ fail: true }).queue, origin: "x" })).rejects.toThrow();
    expect((await cardBoard(db(), round.id)).publishedAt).toBeNull();
  });
});

describe("a withdrawn entry", () => {
  it("leaves its card, and the cards' version moves on", async () => {
    const { round, board, entries } = await madeCards(7);
    // Checked in, so the admin says why (ADR 34).
    await withdrawEntry(db(), entries[0]!.id, { admin: true }, { reason: "Went home ill" });
    expect((await cardLists(round.id)).flat()).not.toContain(entries[0]!.id);
    expect(await cardsVersionOf(round.id)).toBe(board.version + 1);
  });
});
