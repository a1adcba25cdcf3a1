import type { TagReason } from "~/lib/tags/tag-words";
import { DAY_SECONDS } from "~/lib/shared/time";

export type { TagReason };

// The bag tag rules (ADR 27), with no database: who holds what after a list of moves, and
// the moves a tags round makes (expiry, then the swap by finish).

/** A movement of one tag; a null side is the pool. `at` orders it (the round's start, or the admin's moment). */
export type TagMoveFact = {
  tag: number;
  fromPlayerId: number | null;
  toPlayerId: number | null;
  roundId: number | null;
  reason: TagReason;
  at: number;
};

/** Each held tag: its holder and since when (the `at` of the move that gave it). */
export type Holdings = Map<number, { playerId: number; since: number }>;

/** `moves` applied in their order (by `at`, then as stored) to `holdings`, which changes. */
export function applyMoves(holdings: Holdings, moves: readonly TagMoveFact[]): Holdings {
  for (const m of moves) {
    if (m.toPlayerId === null) {
      holdings.delete(m.tag);
      continue;
    }
    // One tag a player. A round's swap hands tags round among its players (no check: each
    // gives one and takes one); an admin's move, replayed after a correction to an earlier
    // round, may find its player holding another tag by then: that one returns to the pool.
    if (m.roundId === null) for (const [tag, h] of holdings) if (h.playerId === m.toPlayerId && tag !== m.tag) holdings.delete(tag);
    holdings.set(m.tag, { playerId: m.toPlayerId, since: m.at });
  }
  return holdings;
}

/** A player's entry in a tags round: played means a score > 0 and not DNF. */
export type TagEntry = { playerId: number; score: number; dnf: boolean };

export const played = (e: TagEntry) => e.score > 0 && !e.dnf;
/** Present for the expiry: played, or started and did not finish. */
export const present = (e: TagEntry) => e.score > 0 || e.dnf;

export type TagRound = { id: number; startsAt: number; entries: TagEntry[] };

/**
 * Whether a holder absent from a round has been away long enough for the tag to return:
 * `weeks` (0: never) counted in whole days from the later of their last round played and
 * the moment they got the tag, rounded so a clock change does not move a week.
 */
export function expired(weeks: number, roundStartsAt: number, lastActive: number): boolean {
  return weeks > 0 && Math.round((roundStartsAt - lastActive) / DAY_SECONDS) >= weeks * 7;
}

/**
 * The moves of one tags round from the holdings before it: first the tags of holders
 * absent past the expiry return to the pool; then the tags held by the players who played
 * are sorted and handed out again by finish, the lowest to the best (lowest) score, a tie
 * to the better (lower) incoming tag. Players who played without a tag neither take nor
 * give one; players who did not play keep theirs. Only tags that change hands are moves.
 */
export function roundMoves(
  holdings: Holdings,
  round: TagRound,
  expiryWeeks: number,
  lastPresent: (playerId: number) => number | null,
): TagMoveFact[] {
  const moves: TagMoveFact[] = [];
  const move = (tag: number, fromPlayerId: number, toPlayerId: number | null, reason: TagReason) =>
    moves.push({ tag, fromPlayerId, toPlayerId, roundId: round.id, reason, at: round.startsAt });
  const here = new Set(round.entries.filter(present).map((e) => e.playerId));
  for (const [tag, h] of [...holdings].sort(([a], [b]) => a - b)) {
    if (here.has(h.playerId)) continue;
    if (expired(expiryWeeks, round.startsAt, Math.max(lastPresent(h.playerId) ?? h.since, h.since))) move(tag, h.playerId, null, "expired");
  }
  const tagOf = new Map([...holdings].map(([tag, h]) => [h.playerId, tag]));
  const swapping = round.entries
    .filter(played)
    .flatMap((e) => {
      const tag = tagOf.get(e.playerId);
      return tag === undefined ? [] : [{ playerId: e.playerId, score: e.score, tag }];
    })
    .sort((a, b) => a.score - b.score || a.tag - b.tag);
  const tags = swapping.map((s) => s.tag).sort((a, b) => a - b);
  swapping.forEach((s, i) => {
    const tag = tags[i] as number;
    if (tag === s.tag) return;
    const from = holdings.get(tag)?.playerId ?? null;
    if (from !== null) move(tag, from, s.playerId, "swap");
  });
  return moves;
}
