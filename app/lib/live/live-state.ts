// A live round's scores as its server (the LiveRound Durable Object, ADR 26) serves them:
// the whole state once, when a socket opens or GET /api/live/{roundId} is read, then the
// updates of ./live-update.ts. Pure types and functions, shared by the server, the phones'
// scoring page and the live leaderboard (./live-board.ts reads this state).
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
