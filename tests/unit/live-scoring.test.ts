import { describe, expect, it } from "vitest";
import { holeOrder, nextOpenHole, waitingLabel, withWaiting } from "~/lib/live/live-scoring";
import type { LiveState } from "~/lib/live/live-state";
import type { Change } from "~/schemas/live";

const state = (): LiveState => ({
  roundId: 1,
  name: "Week 1",
  startsAt: 1_800_000_000,
  publishedAt: 1_799_990_000,
  finalizedAt: null,
  seq: 4,
  holes: [1, 2, 3, 4].map((hole) => ({ hole, par: 3 })),
  cards: [{ id: 7, number: 1, startHole: 3, teeTime: null, startedAt: 1, lockedAt: null, entryIds: [11, 12] }],
  players: [
    {
      entryId: 11,
      playerId: 1,
      name: "Ann A",
      division: "MA1",
      cardId: 7,
      strokes: [3, null, 4, 2],
      penalties: [0, 0, 0, 0],
      dnf: false,
      signature: null,
    },
    {
      entryId: 12,
      playerId: 2,
      name: "Bo B",
      division: "MA1",
      cardId: 7,
      strokes: [null, null, 3, 3],
      penalties: [0, 0, 0, 0],
      dnf: false,
      signature: null,
    },
  ],
  flags: [],
});

const at = 1_800_000_100;

describe("the scoring page's rules", () => {
  it("plays the holes from the card's start, wrapping round; a bad or missing start is hole 1", () => {
    expect(holeOrder(4, 3)).toEqual([3, 4, 1, 2]);
    expect(holeOrder(4, null)).toEqual([1, 2, 3, 4]);
    expect(holeOrder(4, 9)).toEqual([1, 2, 3, 4]);
    expect(holeOrder(18, 18)[1]).toBe(1);
  });

  it("says how many scores wait on the phone, in words", () => {
    expect(waitingLabel(0)).toBeNull();
    expect(waitingLabel(1)).toBe("1 score saved on this phone, not yet sent");
    expect(waitingLabel(3)).toBe("3 scores saved on this phone, not yet sent");
    // A tap still being written is neither saved nor sent: never "Every score is sent".
    expect(waitingLabel(0, 2)).toBe("Saving on this phone…");
    expect(waitingLabel(1, 2)).toBe("1 score saved on this phone, not yet sent");
  });

  it("lays waiting changes over the server's state in their order, without touching it", () => {
    const s = state();
    const waiting: Change[] = [
      { id: "aaaaaaaa1", at, kind: "strokes", entryId: 12, hole: 1, strokes: 5 },
      { id: "aaaaaaaa2", at, kind: "strokes", entryId: 12, hole: 1, strokes: 4 },
      { id: "aaaaaaaa3", at, kind: "penalty", entryId: 11, hole: 2, penalty: 1 },
      { id: "aaaaaaaa4", at, kind: "dnf", entryId: 11, dnf: true },
    ];
    const shown = withWaiting(s, waiting);
    expect(shown.players[1]?.strokes[0]).toBe(4);
    expect(shown.players[0]?.penalties[1]).toBe(1);
    expect(shown.players[0]?.dnf).toBe(true);
    expect(s.players[1]?.strokes[0]).toBeNull();
    expect(withWaiting(s, [])).toBe(s);
  });

  it("opens on the first hole of the card's order that someone still has to enter", () => {
    const s = state();
    const card = s.cards[0]!;
    // Order 3, 4, 1, 2: Bo has no hole 1 yet.
    expect(nextOpenHole(s, card, holeOrder(4, 3))).toBe(1);
    const done = withWaiting(s, [
      { id: "bbbbbbbb1", at, kind: "strokes", entryId: 12, hole: 1, strokes: 3 },
      { id: "bbbbbbbb2", at, kind: "strokes", entryId: 11, hole: 2, strokes: 3 },
      { id: "bbbbbbbb3", at, kind: "strokes", entryId: 12, hole: 2, strokes: 3 },
    ]);
    expect(nextOpenHole(done, card, holeOrder(4, 3))).toBe(2);
  });
});
