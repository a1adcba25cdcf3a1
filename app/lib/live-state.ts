// A live round's scores as its server (the LiveRound Durable Object, ADR 26) serves them:
// the whole state once, when a socket opens or GET /api/live/{roundId} is read, then an
// update after every change it accepts. Pure types and functions, shared by the server,
// the phones' scoring page and the live leaderboard (./live-board.ts reads this state).
//
// Holes are numbered from 1; per-hole arrays are indexed by hole − 1. A hole's value is the
// card's agreed value: when the card's scorers disagree, it is null and the hole is flagged
// (a LiveFlag) until they settle it. Times are UTC epoch seconds.

/** What a change sets for a player: strokes on a hole, penalty strokes added to a hole, or DNF (hole 0). */
export type LiveField = "strokes" | "penalty" | "dnf";

export type LiveHole = { hole: number; par: number };

/** How a total was confirmed: by the player's own session, by a cardmate with the player's PIN, or by an admin. */
export type LiveSignMethod = "self" | "pin" | "admin";

export type LiveSignature = { method: LiveSignMethod; total: number; dnf: boolean; at: number };

export type LiveCard = {
  id: number;
  number: number;
  /** A shotgun start's hole; null with tee times. */
  startHole: number | null;
  teeTime: number | null;
  /** Its first accepted score; null: not started. */
  startedAt: number | null;
  /** Every player signed: from then on only an admin changes it, with a reason. */
  lockedAt: number | null;
  /** The players (entry ids) in card order. */
  entryIds: number[];
};

export type LivePlayer = {
  entryId: number;
  playerId: number;
  name: string;
  division: string;
  cardId: number;
  /** The agreed strokes per hole (index hole − 1); null: not entered yet, or flagged. */
  strokes: (number | null)[];
  /** The agreed penalty strokes per hole, added to the strokes (0 when none). */
  penalties: number[];
  dnf: boolean;
  /** The player's confirmed total; dropped again when a later change alters their card before it locks. */
  signature: LiveSignature | null;
};

/** One scorer's value in a disagreement. */
export type LiveFlagValue = { userId: number; name: string; value: number; at: number };

/**
 * A hole the card's scorers disagree on (for dnf, hole 0). Scorers and admins see every
 * value and who entered it; spectators only that the hole is flagged.
 */
export type LiveFlag = { entryId: number; hole: number; field: LiveField; values?: LiveFlagValue[] };

export type LiveState = {
  roundId: number;
  name: string;
  startsAt: number;
  /** Null while the round's cards are drafts: nothing can be scored yet. */
  publishedAt: number | null;
  /** When the admin finalised the scores into the round's results. */
  finalizedAt: number | null;
  /** The server's sequence: the number of the last change it accepted. */
  seq: number;
  holes: LiveHole[];
  cards: LiveCard[];
  players: LivePlayer[];
  flags: LiveFlag[];
};

/**
 * What changed: replace the listed players and cards by id, and every flag of each entry
 * in `flaggedEntries` by `flags`. Every socket gets one a few times a second with all the
 * round's changes since the last (`fromSeq`..`seq`; without `fromSeq` it carries none: the
 * round was finalised). Its players and cards are as they were when it was sent, so one
 * that overlaps what a client holds (a socket opened between two updates) still applies;
 * a client whose `seq` is below `fromSeq − 1` missed one and asks for the state again. A
 * card's own phones also get its changes at once, as a "card" frame (applyCardUpdate),
 * outside the sequence.
 */
export type LiveUpdate = {
  fromSeq?: number;
  seq: number;
  players: LivePlayer[];
  cards: LiveCard[];
  flaggedEntries: number[];
  flags: LiveFlag[];
  finalizedAt?: number | null;
  publishedAt?: number | null;
};

const replaceBy = <T, K>(list: T[], fresh: T[], key: (item: T) => K): T[] => {
  const byKey = new Map(fresh.map((item) => [key(item), item]));
  const kept = list.map((item) => byKey.get(key(item)) ?? item);
  const known = new Set(list.map(key));
  return [...kept, ...fresh.filter((item) => !known.has(key(item)))];
};

/** The state with a card's changes in (a "card" frame): its sequence stays where the round's updates left it. */
export function applyCardUpdate(state: LiveState, update: LiveUpdate): LiveState {
  const touched = new Set(update.flaggedEntries);
  return {
    ...state,
    players: replaceBy(state.players, update.players, (p) => p.entryId),
    cards: replaceBy(state.cards, update.cards, (c) => c.id),
    flags: [...state.flags.filter((f) => !touched.has(f.entryId)), ...update.flags],
    finalizedAt: update.finalizedAt === undefined ? state.finalizedAt : update.finalizedAt,
    publishedAt: update.publishedAt === undefined ? state.publishedAt : update.publishedAt,
  };
}

/** The state after the round's `update`, or null when changes were missed before it (fetch the state again). */
export function applyUpdate(state: LiveState, update: LiveUpdate): LiveState | null {
  if (update.fromSeq !== undefined && update.fromSeq > state.seq + 1) return null;
  return { ...applyCardUpdate(state, update), seq: Math.max(state.seq, update.seq) };
}

/** Holes with an agreed stroke count. */
export const holesPlayed = (p: Pick<LivePlayer, "strokes">): number => p.strokes.filter((s) => s !== null).length;

/** Strokes plus penalties over the holes entered so far. */
export function playerTotal(p: Pick<LivePlayer, "strokes" | "penalties">): number {
  return p.strokes.reduce<number>((sum, s, i) => (s === null ? sum : sum + s + (p.penalties[i] ?? 0)), 0);
}

/** The total against par over the holes entered so far (negative: under par). */
export function playerToPar(p: Pick<LivePlayer, "strokes" | "penalties">, holes: readonly LiveHole[]): number {
  return p.strokes.reduce<number>((sum, s, i) => (s === null ? sum : sum + s + (p.penalties[i] ?? 0) - (holes[i]?.par ?? 0)), 0);
}

/** Every hole entered (or DNF) and none flagged: the player can sign. */
export const playerComplete = (p: LivePlayer, flags: readonly LiveFlag[]): boolean =>
  !flags.some((f) => f.entryId === p.entryId) && (p.dnf || p.strokes.every((s) => s !== null));
