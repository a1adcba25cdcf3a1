// Messages as a person reads them: one card is "the card", one card to finalise is "it",
// a claim's outcome is what was done to it, and tied teams are "T1" as tied players are.
import { describe, expect, it } from "vitest";
import { h, renderHtml, textOf } from "../render-fixtures";
import { CardEditor } from "~/components/cards/card-board";
import { PotSummary } from "~/components/sidepots/pot-summary";
import type { CardBoard } from "~/.server/services/cards/card-board";
import { teamResults } from "~/lib/doubles/doubles";
import type { PotView } from "~/lib/sidepots/side-pots";

const board = (cards: number): CardBoard =>
  ({
    roundId: 1,
    startsAt: 1_800_000_000,
    version: 3,
    publishedAt: null,
    holeCount: 18,
    course: null,
    layout: null,
    waiting: [],
    cards: Array.from({ length: cards }, (_, i) => ({
      id: i + 1,
      number: i + 1,
      startHole: null,
      startSlot: 0,
      startLabel: null,
      teeTime: 1_800_000_000,
      startedAt: null,
      players: [{ entryId: 10 + i, playerId: 20 + i, name: `P${i}`, division: "MA1", rating: null, checkedIn: true }],
    })),
  }) as unknown as CardBoard;

describe("the night screen's Publish", () => {
  it('says "Publish the card" for one card and "Publish the 2 cards" for two', () => {
    expect(textOf(renderHtml(h(CardEditor, { board: board(1), closed: false })))).toContain("Publish the card");
    expect(textOf(renderHtml(h(CardEditor, { board: board(1), closed: false })))).not.toContain("Publish the 1 cards");
    expect(textOf(renderHtml(h(CardEditor, { board: board(2), closed: false })))).toContain("Publish the 2 cards");
  });
});

describe("a doubles round's places", () => {
  it("marks teams tied on a place T, as singles are", () => {
    const rows = teamResults([
      { id: 1, team: 1, score: 47, playerId: 11, name: "Ann", result: "1/3|(Doubles)", payoutCents: 450 },
      { id: 2, team: 1, score: 47, playerId: 12, name: "Bo", result: "1/3|(Doubles)", payoutCents: 450 },
      { id: 3, team: 2, score: 47, playerId: 13, name: "Cy", result: "1/3|(Doubles)", payoutCents: 450 },
      { id: 4, team: 2, score: 47, playerId: 14, name: "Di", result: "1/3|(Doubles)", payoutCents: 450 },
      { id: 5, team: 3, score: 52, playerId: 15, name: "Ed", result: "3/3|(Doubles)", payoutCents: 0 },
    ]);
    expect(rows.map((r) => r.placeLabel)).toEqual(["T1", "T1", "3"]);
  });
});

describe("the two kinds of pot, and a card of players, by their names", () => {
  it("names a custom pot a side pot, never a bare pot", () => {
    const pot = {
      id: 1,
      name: "Birdie bonus",
      kind: "custom",
      buyInCents: 500,
      holes: [0],
      paid: false,
      prizeCents: 1500,
      carriedInCents: 0,
      players: [],
      holders: [],
      wins: [],
      distanceUnit: "ft",
    } as unknown as PotView;
    const text = textOf(renderHtml(h(PotSummary, { pot })));
    expect(text).toContain("Custom side pot · $5.00 to buy in");
    expect(text).not.toMatch(/Custom pot/);
  });

  it("says scorecard where the night screen's notes mean a card of players", () => {
    const published = { ...board(2), publishedAt: 1_800_000_000 } as CardBoard;
    const text = textOf(renderHtml(h(CardEditor, { board: published, closed: false })));
    expect(text).toContain("A scorecard that has started can no longer change.");
    expect(text).not.toContain("A card that has started");
  });
});
