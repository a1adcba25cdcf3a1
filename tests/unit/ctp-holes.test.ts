// CTP holes where the players look for them (ADR 30, amended by ADR 38): marked on the
// printed cards' score grid and on the scoring page's hole view, as the server renders them.
import { describe, expect, it } from "vitest";
import { h, renderHtml, textOf } from "../render-fixtures";
import { ScoreCard } from "~/components/live/score-card";
import { PrintCards } from "~/components/cards/print-cards";
import type { CardBoard } from "~/.server/services/cards/card-board";
import { ctpHolesOf } from "~/lib/sidepots/side-pots";
import type { LiveState } from "~/lib/live/live-state";

const HOLES = 9;

const board: CardBoard = {
  roundId: 1,
  startsAt: 1_800_000_000,
  version: 1,
  publishedAt: 1_799_990_000,
  holeCount: HOLES,
  course: "Riverside",
  layout: "Short",
  pars: Array(HOLES).fill(3),
  secondCardOrder: [],
  cards: [
    {
      id: 7,
      number: 1,
      startHole: 1,
      startSlot: 0,
      startLabel: "1",
      teeTime: null,
      startedAt: null,
      players: [{ entryId: 11, playerId: 1, name: "Ann Ash", division: "MA1", rating: null, checkedIn: true }],
    },
  ],
  waiting: [],
};

/** A card of one at hole 3, nothing scored after hole 2. */
const state = (): LiveState => ({
  roundId: 1,
  name: "Week 1",
  startsAt: 1_800_000_000,
  publishedAt: 1_799_990_000,
  finalizedAt: null,
  seq: 3,
  holes: Array.from({ length: HOLES }, (_, i) => ({ hole: i + 1, par: 3 })),
  cards: [{ id: 7, number: 1, startHole: 1, teeTime: null, startedAt: 1, lockedAt: null, entryIds: [11] }],
  players: [
    {
      entryId: 11,
      playerId: 1,
      name: "Ann Ash",
      division: "MA1",
      cardId: 7,
      strokes: [3, 3, ...Array(HOLES - 2).fill(null)],
      penalties: Array(HOLES).fill(0),
      dnf: false,
      signature: null,
    },
  ],
  flags: [],
});

const pot = (kind: "ctp" | "custom", holes: number[], paid = false) => ({
  id: holes[0] ?? 0,
  name: "CTP",
  kind,
  buyInCents: 200,
  holes,
  paid,
  prizeCents: 0,
  carriedInCents: 0,
  players: [],
  holders: [],
  wins: [],
});

describe("CTP holes", () => {
  it("are the holes of the round's CTP pots, once each and in order", () => {
    expect(ctpHolesOf([pot("ctp", [7, 3]), pot("ctp", [3]), pot("custom", [0])])).toEqual([3, 7]);
  });

  it("are marked in the printed score grid's hole row, with a line saying which", () => {
    const printed = renderHtml(h(PrintCards, { board, roundName: "Week 1", startsAt: board.startsAt, ctpHoles: [3, 7] }));
    const header = printed.slice(printed.indexOf("<thead"), printed.indexOf("</thead>"));
    expect(textOf(header)).toBe("Hole 1 2 3 CTP 4 5 6 7 CTP 8 9 Total");
    expect(textOf(printed)).toContain("Closest to the pin on holes 3 and 7");
    const plain = renderHtml(h(PrintCards, { board, roundName: "Week 1", startsAt: board.startsAt, ctpHoles: [] }));
    expect(textOf(plain)).not.toContain("CTP");
  });

  it("are said on the scoring page's hole, and not on other holes", () => {
    const at = (ctpHoles: number[]) => {
      const html = renderHtml(
        h(ScoreCard, { initial: state(), cardId: 7, scorer: { role: "player", playerId: 1 }, userId: 101, beatMs: 5000, ctpHoles }),
        "/rounds/1/score",
      );
      const start = html.lastIndexOf("<", html.indexOf('aria-labelledby="hole-title"'));
      return textOf(html.slice(start, html.indexOf("</h2>", start)));
    };
    expect(at([3])).toContain("Hole 3 Par 3 Closest to the pin");
    expect(at([7])).not.toContain("Closest to the pin");
  });
});
