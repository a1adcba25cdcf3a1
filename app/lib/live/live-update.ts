import type { LiveCard, LiveField, LiveFlag, LivePlayer, LiveSignature, LiveState } from "./live-state";

// What a live round's server sends after the state (ADR 26): only what changed, cell by
// cell, so a phone on a weak signal and two hundred spectators take little each time.
// Every socket gets a round update a few times a second with all the changes since the
// last; a card's own phones also get their card's changes at once ("card" frames).

/** One cell as the card holds it now: its agreed value; null when no one entered it, or it is flagged. */
export type LiveCell = { entryId: number; field: LiveField; hole: number; value: number | null };

/**
 * What changed: the listed cells' values (with exactly their flags now: a listed cell not
 * in `flags` is no longer flagged), the listed players' signatures, whole player rows
 * (a card's players as it started), and cards by id. `fromSeq`..`seq` are the changes a
 * round update carries (none without `fromSeq`: the round was finalised). Its values are
 * as they were when it was sent, so one that overlaps what a client holds (a socket opened
 * between two updates) still applies; a client whose `seq` is below `fromSeq − 1` missed
 * one and asks for the state again.
 */
export type LiveUpdate = {
  fromSeq?: number;
  seq: number;
  cells: LiveCell[];
  flags: LiveFlag[];
  signatures: { entryId: number; signature: LiveSignature | null }[];
  players: LivePlayer[];
  cards: LiveCard[];
  finalizedAt?: number | null;
  publishedAt?: number | null;
};

const cellKey = (c: { entryId: number; field: LiveField; hole: number }) => `${c.entryId}:${c.field}:${c.hole}`;

const replaceBy = <T, K>(list: T[], fresh: T[], key: (item: T) => K): T[] => {
  const byKey = new Map(fresh.map((item) => [key(item), item]));
  const known = new Set(list.map(key));
  return [...list.map((item) => byKey.get(key(item)) ?? item), ...fresh.filter((item) => !known.has(key(item)))];
};

function withCells(player: LivePlayer, cells: LiveCell[], signature: LiveSignature | null | undefined): LivePlayer {
  const next = { ...player, strokes: [...player.strokes], penalties: [...player.penalties] };
  for (const c of cells) {
    if (c.field === "dnf") next.dnf = c.value === 1;
    else if (c.field === "strokes") next.strokes[c.hole - 1] = c.value;
    else next.penalties[c.hole - 1] = c.value ?? 0;
  }
  return signature === undefined ? next : { ...next, signature };
}

/** The state with a card's changes in (a "card" frame): its sequence stays where the round's updates left it. */
export function applyCardUpdate(state: LiveState, update: LiveUpdate): LiveState {
  const listed = new Set(update.cells.map(cellKey));
  const signatures = new Map(update.signatures.map((s) => [s.entryId, s.signature]));
  // A card sent whole lists every player on it: one it no longer lists has left it (withdrawn).
  const listedOn = new Map(update.cards.map((c) => [c.id, new Set(c.entryIds)]));
  const players = replaceBy(state.players, update.players, (p) => p.entryId)
    .filter((p) => listedOn.get(p.cardId)?.has(p.entryId) ?? true)
    .map((p) => {
      const cells = update.cells.filter((c) => c.entryId === p.entryId);
      return cells.length === 0 && !signatures.has(p.entryId) ? p : withCells(p, cells, signatures.get(p.entryId));
    });
  return {
    ...state,
    players,
    cards: replaceBy(state.cards, update.cards, (c) => c.id),
    flags: [...state.flags.filter((f) => !listed.has(cellKey(f))), ...update.flags],
    finalizedAt: update.finalizedAt === undefined ? state.finalizedAt : update.finalizedAt,
    publishedAt: update.publishedAt === undefined ? state.publishedAt : update.publishedAt,
  };
}

/** The state after the round's `update`, or null when changes were missed before it (fetch the state again). */
export function applyUpdate(state: LiveState, update: LiveUpdate): LiveState | null {
  if (update.fromSeq !== undefined && update.fromSeq > state.seq + 1) return null;
  return { ...applyCardUpdate(state, update), seq: Math.max(state.seq, update.seq) };
}
