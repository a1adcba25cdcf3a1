import { clockAt, setClock } from "./clocks";
import { type LiveDeps, ensureRoster } from "./roster";
import { playerByEntry, playersOnCard, roundRow } from "./roster-store";
import type { Caller } from "./change-context";
import { type Change, LIVE_LIMITS, type LiveAnswer } from "~/schemas/live";

// Reading the round's cards from D1 again because a caller named a player its copy does not
// know, or a card they are not on (the card editor may have moved them), or because D1 says
// the cards were published or taken back (ADR 35). At most once every 10 s per round, and
// never inside blockConcurrencyWhile: a flood of such frames costs one D1 read per 10 s and
// holds no one up. Frames naming an unknown player meanwhile are refused as "rate_limited",
// which a phone sends again; batches that come while a read is in flight wait for it, so a
// phone's order holds.

const CLOCK = "reread";
const NOT_YET =
  "A player in these changes is not on this round's cards as the server last read them. It reads them again at most every 10 seconds: send them again in a moment.";

/** The read in flight, else a new one unless one started within 10 s: the read to wait for, or null when it is too soon. */
export function rereadRoster(d: LiveDeps, roundId: number): Promise<void> | null {
  if (d.reading.roster) return d.reading.roster;
  const now = Date.now();
  const last = clockAt(d.sql, CLOCK);
  if (last !== null && now - last < LIVE_LIMITS.rereadMs) return null;
  setClock(d.sql, CLOCK, now);
  const read = ensureRoster(d, roundId, { refresh: true })
    .catch((err) => console.error("Could not read the live round's cards again", err))
    .finally(() => {
      d.reading.roster = null;
    });
  d.reading.roster = read;
  return read;
}

/** Whether a player's batch names a card they are not on, as the copy has them (an admin scores every card). */
function namesAnotherCard(sql: SqlStorage, caller: Caller, changes: Change[]): boolean {
  if (caller.role === "admin") return false;
  const mine = new Map<number, boolean>();
  return changes.some((c) => {
    const cardId = playerByEntry(sql, c.entryId)?.cardId;
    if (cardId === undefined) return false;
    if (!mine.has(cardId))
      mine.set(
        cardId,
        playersOnCard(sql, cardId).some((p) => p.playerId === caller.playerId),
      );
    return mine.get(cardId) === false;
  });
}

/**
 * Before a batch applies: waits for a read of the cards in flight, and reads them again when
 * the batch names a player the copy does not know or a card the caller is not on, unless
 * they were read for that within 10 s. The refusal of the whole batch when it names an
 * unknown player and it is too soon to look again; else null.
 */
export async function rosterBefore(d: LiveDeps, caller: Caller, roundId: number, changes: Change[]): Promise<LiveAnswer<never> | null> {
  const round = roundRow(d.sql);
  // Not loaded yet (the batch's own step loads it, once), or final: its copy no longer changes.
  if (round?.roundId === roundId && round.finalizedAt === null) {
    const unknown = changes.some((c) => playerByEntry(d.sql, c.entryId) === null);
    if (unknown || namesAnotherCard(d.sql, caller, changes)) {
      const read = d.reading.roster ? null : rereadRoster(d, roundId);
      if (read) {
        await read;
        return null;
      }
      if (unknown) return { ok: false, code: "rate_limited", error: NOT_YET };
    }
  }
  if (d.reading.roster) await d.reading.roster;
  return null;
}
