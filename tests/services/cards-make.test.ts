import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, makeRound, nowSec, refusal, testDb } from "../fixtures";
import { bulkField, cardLists, cardRows, checkedInRound, makeLayout, rated } from "../night-fixtures";
import { cards, entries } from "~/.server/db/schema";
import { CARDS_CHANGED } from "~/.server/services/cards/card-sql";
import { CARD_MESSAGES, makeRoundCards } from "~/.server/services/cards/card-writes";
import { updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { cardSizes } from "~/lib/cards/cards";

// Making a round's cards (ADR 25) from who is checked in, stored: sizes, the rating spread,
// divisions, shotgun holes (with more cards than holes) and tee times.

const db = testDb;

describe("card sizes in the stored cards", () => {
  // Every field from 1 to 150, on one round whose check-ins are cut back between makes.
  it.each([
    [1, 30],
    [31, 60],
    [61, 90],
    [91, 120],
    [121, 150],
  ])("fields of %i to %i players make cards of cardSizes' sizes, everyone on one", async (from, to) => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    const field = await bulkField(round.id, to);
    let version = 0;
    for (let n = to; n >= from; n--) {
      await db()
        .update(entries)
        .set({ checkedInAt: null })
        .where(inArray(entries.id, field.slice(n)));
      const board = await makeRoundCards(db(), round.id, { version });
      version = board.version;
      expect(
        board.cards.map((c) => c.players.length),
        `n=${n}`,
      ).toEqual(cardSizes(n, 4));
      const placed = board.cards.flatMap((c) => c.players.map((p) => p.entryId));
      expect(new Set(placed).size, `n=${n}`).toBe(n);
      expect(board.waiting, `n=${n}`).toEqual([]);
    }
  });

  it("makes 38 cards of 150 players (ADR 25)", async () => {
    const round = await makeRound({ startsAt: nowSec() + DAY });
    await bulkField(round.id, 150);
    const board = await makeRoundCards(db(), round.id, { version: 0 });
    expect(board.cards).toHaveLength(38);
    expect(board.cards.map((c) => c.number)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
  });
});

describe("by rating spread", () => {
  it("deals the highest rated first round-robin across the cards, unrated players after every rated one", async () => {
    const night = await checkedInRound(10);
    const ratings = [1010, 990, 970, 950, 930, 910, 890, 870];
    await rated(night.people.slice(0, 8).map((p, i) => [p.id, ratings[i] as number]));
    const board = await makeRoundCards(db(), night.round.id, { version: 0, mode: "rating" });
    const order = (i: number) => night.entries[i]!.id;
    const lists = board.cards.map((c) => c.players.map((p) => p.entryId));
    // [4, 3, 3]: card 1 takes the 1st, 4th, 7th and 10th; card 2 the 2nd, 5th, 8th; card 3 the 3rd, 6th, 9th.
    expect(lists[0]?.slice(0, 3)).toEqual([order(0), order(3), order(6)]);
    expect(lists[1]).toEqual([order(1), order(4), order(7)]);
    expect(lists[2]?.slice(0, 2)).toEqual([order(2), order(5)]);
    const unrated = [order(8), order(9)];
    expect([lists[0]?.[3], lists[2]?.[2]].sort()).toEqual(unrated.sort());
    expect(board.cards[0]?.players[0]?.rating).toBe(1010);
  });
});

describe("by division", () => {
  it("gives a division of three or more cards of its own", async () => {
    const night = await checkedInRound(11, { divisions: ["MPO", "MPO", "MPO", "MPO", "MA1", "MA1", "MA1", "MA1", "MA1", "FA1", "FA1"] });
    const board = await makeRoundCards(db(), night.round.id, { version: 0, mode: "division" });
    const mixed = board.cards.filter((c) => new Set(c.players.map((p) => p.division)).size > 1);
    // The two FA1 players join cards with room; every other card is one division.
    for (const c of mixed) expect(c.players.filter((p) => p.division === "FA1").length).toBeGreaterThan(0);
    expect(board.cards.flatMap((c) => c.players)).toHaveLength(11);
  });
});

describe("starts", () => {
  it("spreads a shotgun's cards round an 18-hole round without a layout", async () => {
    const night = await checkedInRound(16);
    const board = await makeRoundCards(db(), night.round.id, { version: 0, start: "shotgun" });
    expect(board.holeCount).toBe(18);
    expect(board.cards.map((c) => c.startLabel)).toEqual(["1", "5", "10", "14"]);
  });

  it("gives cards beyond the holes the layout's second-card holes in order, then the others, as 5A/5B", async () => {
    const layoutId = await makeLayout([3, 3, 4, 3, 3, 3, 5, 3, 3], [5, 3]);
    const round = await makeRound({ startsAt: nowSec() + DAY, layoutId });
    await bulkField(round.id, 48);
    const board = await makeRoundCards(db(), round.id, { version: 0, start: "shotgun" });
    expect(board.cards).toHaveLength(12);
    expect(board.cards.map((c) => c.startLabel)).toEqual(["1A", "1B", "2", "3A", "3B", "4", "5A", "5B", "6", "7", "8", "9"]);
    expect(board.pars).toEqual([3, 3, 4, 3, 3, 3, 5, 3, 3]);
  });

  it("gives tee times from the round's start at the league's interval", async () => {
    await updateLeagueSettings(db(), { teeIntervalMinutes: 8 });
    const night = await checkedInRound(9);
    const board = await makeRoundCards(db(), night.round.id, { version: 0, start: "tee_times" });
    expect(board.cards.map((c) => [c.startHole, c.teeTime])).toEqual([
      [null, night.round.startsAt],
      [null, night.round.startsAt + 8 * 60],
    ]);
    await updateLeagueSettings(db(), { teeIntervalMinutes: 10 });
  });
});

describe("making them again", () => {
  it("replaces the draft, is refused from a stale version, and once a card has started", async () => {
    const night = await checkedInRound(8);
    const first = await makeRoundCards(db(), night.round.id, { version: 0 });
    const stale = await refusal(makeRoundCards(db(), night.round.id, { version: 0 }));
    expect([stale.status, stale.message]).toEqual([409, CARDS_CHANGED]);
    const second = await makeRoundCards(db(), night.round.id, { version: first.version, start: "tee_times" });
    expect(second.cards.every((c) => c.teeTime !== null)).toBe(true);
    expect(await cardRows(night.round.id)).toHaveLength(2);

    await db()
      .update(cards)
      .set({ startedAt: nowSec() })
      .where(and(eq(cards.roundId, night.round.id), eq(cards.number, 2)));
    const started = await refusal(makeRoundCards(db(), night.round.id, { version: second.version }));
    expect([started.status, started.message]).toEqual([409, CARD_MESSAGES.started(2)]);
    expect(await cardLists(night.round.id)).toEqual(second.cards.map((c) => c.players.map((p) => p.entryId)));
  });

  it("is refused with nobody checked in", async () => {
    const round = await makeRound();
    const err = await refusal(makeRoundCards(db(), round.id, { version: 0 }));
    expect([err.status, err.message]).toEqual([409, CARD_MESSAGES.nobody]);
    expect(await cardRows(round.id)).toEqual([]);
  });
});
