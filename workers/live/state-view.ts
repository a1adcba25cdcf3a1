import { type CardRow, type PlayerRow, cardsOf, cardsWhere, holesOf, playersOf, playersWhere, roundRow } from "./roster-store";
import { lastSeq } from "./change-log";
import { type Cell, type CellValue, cellKey, cellsAt, cellsOf, signaturesOf } from "./score-store";
import type { LiveCard, LiveFlag, LivePlayer, LiveState } from "~/lib/live-state";
import type { LiveUpdate } from "~/lib/live-update";

// The round's tables as the protocol's LiveState and LiveUpdate (app/lib/live-state.ts).
// Scorers and admins see who entered what on a flagged hole; spectators only the flag.

/**
 * What changed: cells, players whose signature changed, cards changed, and cards whose players
 * are sent whole: a card just started (its players as it started), or one whose players
 * changed in D1 (a withdrawal, ADR 34).
 */
export type Touched = { cells: Cell[]; signed: number[]; cardIds: number[]; started: number[] };

export type View = "scorer" | "public";

function livePlayers(players: PlayerRow[], cells: CellValue[], sql: SqlStorage, holeCount: number): LivePlayer[] {
  const byEntry = new Map<number, LivePlayer>();
  for (const p of players) {
    byEntry.set(p.entryId, {
      entryId: p.entryId,
      playerId: p.playerId,
      name: p.name,
      division: p.division,
      cardId: p.cardId,
      strokes: Array.from({ length: holeCount }, () => null),
      penalties: Array.from({ length: holeCount }, () => 0),
      dnf: false,
      signature: null,
    });
  }
  for (const c of cells) {
    const p = byEntry.get(c.entryId);
    if (!p || c.value === null) continue;
    if (c.field === "dnf") p.dnf = c.value === 1;
    else if (c.hole <= holeCount) (c.field === "strokes" ? p.strokes : p.penalties)[c.hole - 1] = c.value;
  }
  for (const s of signaturesOf(
    sql,
    players.map((p) => p.entryId),
  )) {
    const p = byEntry.get(s.entryId);
    if (p) p.signature = { method: s.method, total: s.total, dnf: s.dnf, at: s.at };
  }
  return [...byEntry.values()];
}

const flagsOf = (cells: CellValue[], view: View): LiveFlag[] =>
  cells
    .filter((c) => c.flagged)
    .map((c) => ({ entryId: c.entryId, hole: c.hole, field: c.field, ...(view === "scorer" ? { values: c.values } : {}) }));

function liveCards(cards: CardRow[], players: PlayerRow[]): LiveCard[] {
  return cards.map((c) => ({ ...c, entryIds: players.filter((p) => p.cardId === c.id).map((p) => p.entryId) }));
}

/** The whole round; null before the round is known here. */
export function fullState(sql: SqlStorage, view: View): LiveState | null {
  const round = roundRow(sql);
  if (!round) return null;
  const holes = holesOf(sql);
  const players = playersOf(sql);
  const cells = cellsOf(sql, null);
  return {
    roundId: round.roundId,
    name: round.name,
    startsAt: round.startsAt,
    publishedAt: round.publishedAt,
    finalizedAt: round.finalizedAt,
    seq: lastSeq(sql),
    holes,
    cards: liveCards(cardsOf(sql), players),
    players: livePlayers(players, cells, sql, holes.length),
    flags: flagsOf(cells, view),
  };
}

/** What `touched` names as it is now (app/lib/live-update.ts); `fromSeq` when the update carries changes. */
export function updateOf(sql: SqlStorage, view: View, touched: Touched & { fromSeq?: number }): LiveUpdate {
  const round = roundRow(sql);
  const now = new Map(cellsAt(sql, touched.cells).map((c) => [cellKey(c), c]));
  const current = touched.cells.map((c) => now.get(cellKey(c)) ?? { ...c, value: null, flagged: false, values: [] });
  const signatures = new Map(signaturesOf(sql, touched.signed).map((s) => [s.entryId, s]));
  const cardIds = [...new Set([...touched.cardIds, ...touched.started])];
  const onCards = cardIds.length ? playersWhere(sql, [], cardIds) : [];
  const started = onCards.filter((p) => touched.started.includes(p.cardId));
  return {
    ...(touched.fromSeq === undefined ? {} : { fromSeq: touched.fromSeq }),
    seq: lastSeq(sql),
    cells: current.map((c) => ({ entryId: c.entryId, field: c.field, hole: c.hole, value: c.value })),
    flags: flagsOf(current, view),
    signatures: touched.signed.map((entryId) => {
      const s = signatures.get(entryId);
      return { entryId, signature: s ? { method: s.method, total: s.total, dnf: s.dnf, at: s.at } : null };
    }),
    players: started.length
      ? livePlayers(
          started,
          cellsOf(
            sql,
            started.map((p) => p.entryId),
          ),
          sql,
          holesOf(sql).length,
        )
      : [],
    cards: cardIds.length ? liveCards(cardsWhere(sql, cardIds), onCards) : [],
    finalizedAt: round?.finalizedAt ?? null,
    publishedAt: round?.publishedAt ?? null,
  };
}

/** A scorer's update as spectators get it: flags without who entered what. */
export const publicUpdate = (update: LiveUpdate): LiveUpdate => ({ ...update, flags: update.flags.map(({ values: _, ...flag }) => flag) });
