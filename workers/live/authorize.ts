import { type LiveDeps, LiveRefusal } from "./roster";
import { cardById, playerByEntry, playersOf, playersOnCard } from "./roster-store";
import { type Caller, refused } from "./change-context";
import { seqOfChange } from "./change-log";
import type { Change, ChangeResult } from "~/schemas/live";

// Who may score what (ADR 26): an admin any card, a player the cards they are on. Each
// change is judged on its own: one on a card the caller is not on is refused with the
// reason, and the rest of its batch still counts (a phone's outbox may hold changes a
// card's editor moved away from it; the caller's own scores must not go down with them).
// Only a player on none of the round's cards is refused whole.

/** The cards among those the batch names that the caller may not score. */
export function deniedCards(sql: SqlStorage, caller: Caller, changes: readonly Change[]): Set<number> {
  const denied = new Set<number>();
  if (caller.role === "admin") return denied;
  const allowed = new Set<number>();
  for (const c of changes) {
    const player = playerByEntry(sql, c.entryId);
    if (!player || allowed.has(player.cardId) || denied.has(player.cardId)) continue;
    if (playersOnCard(sql, player.cardId).some((p) => p.playerId === caller.playerId)) allowed.add(player.cardId);
    else denied.add(player.cardId);
  }
  return denied;
}

export const unknownEntry = (sql: SqlStorage, changes: readonly Change[]) => changes.some((c) => playerByEntry(sql, c.entryId) === null);

/** The answer to a change on a card in `denied` (one the log already holds is a duplicate, as ever); null for the others. */
export function deniedChange(sql: SqlStorage, denied: ReadonlySet<number>, c: Change): ChangeResult | null {
  const player = playerByEntry(sql, c.entryId);
  if (!player || !denied.has(player.cardId) || seqOfChange(sql, c.id) !== null) return null;
  const number = cardById(sql, player.cardId)?.number;
  return refused(c.id, "forbidden", `Only the players of ${number === undefined ? "a card" : `card ${number}`} and admins can score it.`);
}

/**
 * The cards of the batch the caller may not score. The copy of the cards was read again
 * before, if a change named a player it did not know (at most every 10 s, ./reread.ts):
 * never here, where every other event waits (ADR 35). A player on none of the round's cards
 * is refused whole.
 */
export function authorize(d: LiveDeps, caller: Caller, changes: readonly Change[]): Set<number> {
  if (caller.role !== "admin" && !playersOf(d.sql).some((p) => p.playerId === caller.playerId))
    throw new LiveRefusal("forbidden", "You are not on a card of this round: only its players and admins score it.");
  return deniedCards(d.sql, caller, changes);
}
