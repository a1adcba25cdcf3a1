import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inLeague } from "../../db/client";
import { claims, entries, waitlist } from "../../db/schema";
import type { League } from "../../league";
import { roundPath } from "./message-write";
import { type Made, claimOn, copiesFor, roundRead } from "./notice-parts";
import type { Notice } from "~/schemas/notices";
import { NOTICE_WORDS } from "~/lib/messages/notice-words";
import { formatDateLong, formatTime, nowSeconds } from "~/lib/shared/time";

// A round cancelled or moved (ADR 49, 50): every entered and waitlisted player is told, under
// the "cancelled" kind; an entered player's copy says their money is back, or that they may
// withdraw with everything back until the new start.

/** A round's cancellation at `at` (now unless given), as the `notify` follow-up carries it: entered and waitlisted players are told. */
export const cancelledNotice = (roundId: number, reason: string, at = nowSeconds()): Notice => ({
  kind: "cancelled",
  roundId,
  reason: reason.trim(),
  at,
});

/**
 * A round moved from `from` to `to` (ADR 50), as the `notify` follow-up carries it: entered and
 * waitlisted players are told, under the "cancelled" kind (a player's channel for a
 * cancellation covers a move too).
 */
export const postponedNotice = (roundId: number, from: number, to: number): Notice => ({ kind: "postponed", roundId, from, to });

/**
 * The round's entered players and those on its waitlist (waiting or offered), each account once:
 * an entered player's copy wins over their waitlist place.
 */
async function enteredAndWaiting(db: Db, roundId: number) {
  const [entered, waiting] = await Promise.all([
    db
      .select({ userId: claims.userId })
      .from(entries)
      .leftJoin(claims, claimOn(db, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId))),
    db
      .select({ userId: claims.userId })
      .from(waitlist)
      .leftJoin(claims, claimOn(db, waitlist.playerId))
      .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), sql`${waitlist.status} in ('waiting', 'offered')`)),
  ]);
  const rows = [...entered.map((e) => ({ ...e, entered: true })), ...waiting.map((w) => ({ ...w, entered: false }))];
  const seen = new Set<number>();
  return rows.filter((r) => r.userId !== null && !seen.has(r.userId) && seen.add(r.userId));
}

export async function cancelledMessage(db: Db, n: Extract<Notice, { kind: "cancelled" }>, league: League): Promise<Made | null> {
  const [[round], once] = await Promise.all([roundRead(db, n.roundId), enteredAndWaiting(db, n.roundId)]);
  if (!round) return null;
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const said = NOTICE_WORDS.cancelled(round.name, n.reason);
  // An entered player is told their money is back; one who waited paid nothing.
  const recipients = await copiesFor(db, once, (r) => ({ title, url, body: r.entered ? `${said}${NOTICE_WORDS.paidBack}` : said }));
  return { message: { kind: "cancelled", key: `cancelled:${round.id}:${n.at}`, roundId: round.id, title, body: said }, recipients };
}

export async function postponedMessage(db: Db, n: Extract<Notice, { kind: "postponed" }>, league: League): Promise<Made | null> {
  const [[round], once] = await Promise.all([roundRead(db, n.roundId), enteredAndWaiting(db, n.roundId)]);
  // Moved again since (that move has its own notice), or gone: nothing to tell.
  if (!round || round.startsAt !== n.to) return null;
  const title = NOTICE_WORDS.title(league.name, round.name);
  const url = roundPath(league, round.id);
  const when = `${formatDateLong(n.to, league.timeZone)} at ${formatTime(n.to, league.timeZone)}`;
  const said = NOTICE_WORDS.postponed(round.name, when);
  // An entered player may withdraw with everything back until the new start (ADR 22, 50); one who waits paid nothing.
  const recipients = await copiesFor(db, once, (r) => ({ title, url, body: r.entered ? `${said}${NOTICE_WORDS.mayWithdraw}` : said }));
  return {
    message: { kind: "cancelled", key: `postponed:${round.id}:${n.from}:${n.to}`, roundId: round.id, title, body: said },
    recipients,
  };
}
