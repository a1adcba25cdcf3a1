import { writeD1 } from "./d1";
import { type LiveDeps, LiveRefusal, ensureRoster } from "./roster";
import { cardsOf, playersOnCard, roundRow, setFinalized } from "./roster-store";
import type { Caller } from "./change-context";
import { totalOf, unfinished } from "./signoff";
import { earlyTotals, endedEarlyAt } from "./end-early";
import type { LiveTotal } from "~/.server/services/live/live-results";
import { writeLiveScores } from "~/.server/services/live/live-results";

// Finalising (ADR 26): every started card's totals become the players' scores in the
// round's results, through the one write of a round's entries, so payouts, places and
// ratings follow. Every started card must be complete and settled; cards not signed (or
// not started) need the admin's say-so. Finalising again writes only what differs: nothing.

export type FinalizeAnswer = {
  finalizedAt: number;
  /** It was finalised before: this run only wrote what had changed since (normally nothing). */
  again: boolean;
  /** Players whose totals were written, and how many of their entries changed. */
  players: number;
  changed: number;
  /** Cards finalised without every signature, and cards with no score (left as they are). */
  unsigned: number[];
  notStarted: number[];
};

/** Each player's total on every started card, as finalising writes it; a round ended early, its results to par (./end-early.ts). */
export function finalTotals(sql: SqlStorage): LiveTotal[] {
  if (endedEarlyAt(sql) !== null) return earlyTotals(sql);
  return cardsOf(sql)
    .filter((c) => c.startedAt !== null)
    .flatMap((c) => playersOnCard(sql, c.id))
    .map((p) => {
      const { total, dnf } = totalOf(sql, p.entryId);
      return { entryId: p.entryId, score: dnf ? 0 : total, dnf };
    });
}

const list = (numbers: number[]) => (numbers.length === 1 ? `card ${numbers[0]}` : `cards ${numbers.join(", ")}`);

export async function finalizeRound(d: LiveDeps, caller: Caller, roundId: number, confirmUnsigned: boolean): Promise<FinalizeAnswer> {
  await ensureRoster(d, roundId, { refresh: true });
  const round = roundRow(d.sql);
  if (!round) throw new LiveRefusal("not_found", "Round not found");
  // Its results were written as it ended; an admin's edit with a reason rescores it (ADR 50).
  if (endedEarlyAt(d.sql) !== null) throw new LiveRefusal("conflict", "This round ended early: its results stand as it ended.");
  const cards = cardsOf(d.sql);
  if (round.finalizedAt === null && round.publishedAt === null)
    throw new LiveRefusal("conflict", "This round's cards are not published: there is nothing to finalise.");
  const started = cards.filter((c) => c.startedAt !== null);
  for (const card of started) {
    const missing = unfinished(d.sql, playersOnCard(d.sql, card.id));
    if (missing)
      throw new LiveRefusal("conflict", `Card ${card.number} is not finished: ${missing}. Settle it, or mark the player DNF, first.`);
  }
  const unsigned = started.filter((c) => c.lockedAt === null).map((c) => c.number);
  const notStarted = cards.filter((c) => c.startedAt === null).map((c) => c.number);
  if (round.finalizedAt === null && !confirmUnsigned && unsigned.length + notStarted.length > 0) {
    const parts = [
      unsigned.length ? `${list(unsigned)} not signed by every player` : "",
      notStarted.length ? `${list(notStarted)} not started` : "",
    ];
    const them = unsigned.length + notStarted.length === 1 ? "it as it stands" : "them as they stand";
    throw new LiveRefusal("conflict", `${parts.filter(Boolean).join("; ")}: confirm to finalise ${them}.`);
  }
  const totals = finalTotals(d.sql);
  const { changed } = await writeD1(d, { userId: caller.userId, role: caller.role }, (db) => writeLiveScores(db, roundId, totals));
  const again = round.finalizedAt !== null;
  const finalizedAt = round.finalizedAt ?? d.now();
  if (!again) setFinalized(d.sql, finalizedAt);
  return { finalizedAt, again, players: totals.length, changed, unsigned, notStarted };
}
