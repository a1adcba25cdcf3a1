// The live state's pure functions (ADR 26): updates applied in sequence (and a gap noticed),
// the leaderboard by division, and the admin's watch list.
import { describe, expect, it } from "vitest";
import { PACE_SECONDS_PER_HOLE, adminFlags, leaderboard, toParLabel } from "~/lib/live/live-board";
import type { LivePlayer, LiveState } from "~/lib/live/live-state";
import { type LiveUpdate, applyCardUpdate, applyUpdate } from "~/lib/live/live-update";

const HOLES = 9;
const player = (entryId: number, strokes: (number | null)[], more: Partial<LivePlayer> = {}): LivePlayer => ({
  entryId,
  playerId: entryId + 100,
  name: `P${entryId}`,
  division: "MA1",
  cardId: 1,
  strokes: [...strokes, ...Array(HOLES - strokes.length).fill(null)],
  penalties: Array(HOLES).fill(0),
  dnf: false,
  signature: null,
  ...more,
});

function stateOf(players: LivePlayer[], more: Partial<LiveState> = {}): LiveState {
  return {
    roundId: 1,
    name: "Week 1",
    startsAt: 1_000_000,
    publishedAt: 999_000,
    finalizedAt: null,
    seq: 5,
    holes: Array.from({ length: HOLES }, (_, i) => ({ hole: i + 1, par: i === 2 ? 4 : 3 })),
    cards: [
      { id: 1, number: 1, startHole: 1, teeTime: null, startedAt: 1_000_000, lockedAt: null, entryIds: players.map((p) => p.entryId) },
    ],
    players,
    flags: [],
    ...more,
  };
}

describe("applyUpdate", () => {
  const update = (more: Partial<LiveUpdate>): LiveUpdate => ({
    seq: 7,
    cells: [],
    flags: [],
    signatures: [],
    players: [],
    cards: [],
    ...more,
  });

  it("sets the listed cells, their flags and signatures, and moves to the update's seq", () => {
    const state = stateOf([player(1, [3]), player(2, [4])], { flags: [{ entryId: 2, hole: 1, field: "strokes" }] });
    const next = applyUpdate(
      state,
      update({
        fromSeq: 6,
        cells: [
          { entryId: 2, field: "strokes", hole: 1, value: 5 },
          { entryId: 2, field: "penalty", hole: 2, value: 1 },
          { entryId: 1, field: "strokes", hole: 2, value: null },
          { entryId: 1, field: "dnf", hole: 0, value: 1 },
        ],
        flags: [{ entryId: 1, hole: 2, field: "strokes" }],
        signatures: [{ entryId: 2, signature: { method: "self", total: 5, dnf: false, at: 9 } }],
      }),
    );
    expect(next?.seq).toBe(7);
    expect(next?.players.map((p) => [p.strokes.slice(0, 2), p.penalties[1], p.dnf, p.signature?.total ?? null])).toEqual([
      [[3, null], 0, true, null],
      [[5, null], 1, false, 5],
    ]);
    expect(next?.flags).toEqual([{ entryId: 1, hole: 2, field: "strokes" }]);
    expect(state.players[1].strokes[0]).toBe(4);
  });

  it("notices a missed update (ask for the state again) and takes one that overlaps what it holds", () => {
    const state = stateOf([player(1, [3])]);
    expect(applyUpdate(state, update({ fromSeq: 8, seq: 8 }))).toBeNull();
    const overlapping = applyUpdate(state, update({ fromSeq: 4, seq: 6, cells: [{ entryId: 1, field: "strokes", hole: 2, value: 4 }] }));
    expect([overlapping?.seq, overlapping?.players[0].strokes[1]]).toEqual([6, 4]);
    const card = applyCardUpdate(state, update({ seq: 9, players: [player(1, [2])] }));
    expect([card.seq, card.players[0].strokes[0]]).toEqual([5, 2]);
    expect(applyUpdate(state, update({ seq: 5, finalizedAt: 9 }))?.finalizedAt).toBe(9);
  });

  it("drops a player their card, sent whole, no longer lists: withdrawn before it started (ADR 34)", () => {
    const state = stateOf([player(1, []), player(2, []), player(3, [], { cardId: 2 })]);
    const card = { id: 1, number: 1, startHole: 1, teeTime: null, startedAt: null, lockedAt: null, entryIds: [1] };
    const next = applyUpdate(state, update({ seq: 5, cards: [card], players: [player(1, [])] }));
    expect(next?.players.map((p) => p.entryId)).toEqual([1, 3]);
    expect(next?.cards.find((c) => c.id === 1)?.entryIds).toEqual([1]);
  });
});

describe("leaderboard", () => {
  it("ranks by total against par with penalties, ties shared, DNFs and players yet to start last", () => {
    const penalised = player(3, [3, 3], { penalties: [0, 1, ...Array(HOLES - 2).fill(0)] });
    const rows = leaderboard(stateOf([player(1, [3, 2, 4]), player(2, [3, 3]), penalised, player(4, []), player(5, [2], { dnf: true })]))[0]
      .rows;
    expect(rows.map((r) => [r.entryId, r.place, r.thru, r.strokes, toParLabel(r.toPar)])).toEqual([
      [1, "1", 3, 9, "\u22121"],
      [2, "2", 2, 6, "E"],
      [3, "3", 2, 7, "+1"],
      [4, null, 0, 0, "E"],
      [5, "DNF", 1, 2, "\u22121"],
    ]);
  });

  it("groups by division and marks a player with a flagged hole", () => {
    const state = stateOf([player(1, [3]), player(2, [3], { division: "FA1" })], { flags: [{ entryId: 2, hole: 2, field: "strokes" }] });
    const board = leaderboard(state);
    expect(board.map((d) => d.division)).toEqual(["MA1", "FA1"]);
    expect(board[1].rows[0].flagged).toBe(true);
  });
});

describe("adminFlags", () => {
  it("lists cards not started, behind pace, unsigned; flagged holes; holes more than 4 over par", () => {
    const start = 1_000_000;
    const players = [player(1, [3, 3, 9]), player(2, [3, 3, 3])];
    const state = stateOf(players, {
      flags: [{ entryId: 2, hole: 4, field: "strokes" }],
      cards: [
        { id: 1, number: 1, startHole: 1, teeTime: null, startedAt: start, lockedAt: null, entryIds: [1, 2] },
        { id: 2, number: 2, startHole: 5, teeTime: null, startedAt: null, lockedAt: null, entryIds: [] },
      ],
    });
    // Three holes in 5 holes' time: two behind.
    const flags = adminFlags(state, start + 5 * PACE_SECONDS_PER_HOLE);
    expect(flags.behindPace).toEqual([{ cardNumber: 1, played: 3, expected: 5 }]);
    expect(flags.notStarted).toEqual([{ cardNumber: 2, late: true }]);
    expect(flags.unsigned).toEqual([{ cardNumber: 1, complete: false, waitingFor: ["P1", "P2"] }]);
    expect(flags.flagged).toEqual([{ cardNumber: 1, entryId: 2, name: "P2", hole: 4, field: "strokes" }]);
    expect(flags.unusual).toEqual([{ cardNumber: 1, entryId: 1, name: "P1", hole: 3, strokes: 9, par: 4 }]);
    expect(adminFlags(state, start + 4 * PACE_SECONDS_PER_HOLE).behindPace).toEqual([]);
    expect(adminFlags(state, start).notStarted).toEqual([{ cardNumber: 2, late: false }]);
  });
});
