import {
  type CardRow,
  type PlayerRow,
  cardsOf,
  cardsWhere,
  holesOf,
  playerByEntry,
  playersOf,
  playersWhere,
  roundRow,
} from "./roster-store";
import { lastSeq } from "./change-log";
import { type Cell, type CellValue, cellKey, cellsAt, cellsOf, signaturesOf } from "./score-store";
import type { LiveCard, LiveFlag, LivePlayer, LiveState } from "~/lib/live/live-state";
import type { LiveUpdate } from "~/lib/live/live-update";

// The round's tables as the protocol's LiveState and LiveUpdate (app/lib/live/live-state.ts),
// as each viewer may see them. Admins see everything. Who entered what on a flagged hole is
// for the scorers of that hole's card: a player sees it on their own card only, spectators
// only the flag. A round whose cards are drafts shows its cards to admins only, as the cards
// API does.

/**
 * What changed: cells, players whose signature changed, cards changed, and cards whose players
 * are sent whole: a card just started (its players as it started), or one whose players
 * changed in D1 (a withdrawal, ADR 34).
 */
export type Touched = { cells: Cell[]; signed: number[]; cardIds: number[]; started: number[] };

/** Who is looking: an admin, a player scoring these cards, or anyone. */
export type View = "admin" | "public" | { cardIds: number[] };

/** Whether `view` sees who entered what on a flag of `cardId`'s card. */
const seesValues = (view: View, cardId: number | undefined): boolean =>
  view === "admin" || (view !== "public" && cardId !== undefined && view.cardIds.includes(cardId));

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

/** The flagged cells, with every value where `withValues` says so for the cell's player. */
const flagsOf = (cells: CellValue[], withValues: (entryId: number) => boolean): LiveFlag[] =>
  cells
    .filter((c) => c.flagged)
    .map((c) => ({ entryId: c.entryId, hole: c.hole, field: c.field, ...(withValues(c.entryId) ? { values: c.values } : {}) }));

function liveCards(cards: CardRow[], players: PlayerRow[]): LiveCard[] {
  return cards.map((c) => ({ ...c, entryIds: players.filter((p) => p.cardId === c.id).map((p) => p.entryId) }));
}

/** The whole round as `view` sees it; null before the round is known here. */
export function fullState(sql: SqlStorage, view: View): LiveState | null {
  const round = roundRow(sql);
  if (!round) return null;
  const holes = holesOf(sql);
  const drafts = round.publishedAt === null && view !== "admin";
  const players = drafts ? [] : playersOf(sql);
  const cells = drafts ? [] : cellsOf(sql, null);
  const cardOf = new Map(players.map((p) => [p.entryId, p.cardId]));
  return {
    roundId: round.roundId,
    name: round.name,
    startsAt: round.startsAt,
    publishedAt: round.publishedAt,
    finalizedAt: round.finalizedAt,
    seq: lastSeq(sql),
    holes,
    cards: drafts ? [] : liveCards(cardsOf(sql), players),
    players: livePlayers(players, cells, sql, holes.length),
    flags: flagsOf(cells, (entryId) => seesValues(view, cardOf.get(entryId))),
  };
}

/** What `touched` names as it is now (app/lib/live/live-update.ts), as `view` sees it; `fromSeq` when the update carries changes. */
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
    flags: flagsOf(current, (entryId) => view === "admin" || seesValues(view, playerByEntry(sql, entryId)?.cardId)),
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

/** An admin's update as a viewer who may see the values of `keep`'s flags only gets it (spectators: none). */
export const narrowUpdate = (update: LiveUpdate, keep: (entryId: number) => boolean = () => false): LiveUpdate => ({
  ...update,
  flags: update.flags.map(({ values, ...flag }) => (values && keep(flag.entryId) ? { ...flag, values } : flag)),
});
