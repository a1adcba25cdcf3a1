import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, inLeague } from "../../db/client";
import { messageRecipients, messages, rounds, waitlist, waitlistNotices } from "../../db/schema";
import type { League } from "../../league";
import { accountsRead } from "../../mail/recipients";
import { isLeagueMemberSql } from "../players/league-member";
import { FRESH_SECONDS } from "../waitlist/waitlist-mails";
import { roundPath } from "./message-write";
import { messageStatements } from "./message-write";
import { NOTICE_WORDS } from "~/lib/messages/notice-words";
import { formatDateTime, nowSeconds } from "~/lib/shared/time";

// The queue consumer's half of the waitlist's news (ADR 28, ADR 49): every notice not yet
// told, of a player still the league's member, becomes a `waitlist` message keyed on the
// notice (`waitlist:{noticeId}`) with one copy for the account on the list, and is marked in
// the same batch; a redelivered job finds them marked and makes nothing twice. A notice older
// than a day is news no longer. The kind is on unless the player turned it off (the message's
// delivery reads their choice). The account's lock is read apart (ADR 46).

export type WaitlistNoticeKind = "offered" | "entered" | "auto_entered" | "expired";

/** What each notice says (a push shows its first 120 characters). */
export const WAITLIST_WORDS: Record<WaitlistNoticeKind, (offerEnds: string | null) => string> = {
  offered: (ends) =>
    `A place freed up and it is yours until ${ends ?? "the round starts"}. Confirm and pay on the round's page before then, or it goes to the next player on the list.`,
  entered: () => "You confirmed your place from the waitlist: you are entered.",
  auto_entered: () => "A place freed up and, as you asked, you were entered at once and the entry paid from your league credit.",
  expired: () =>
    "The place offered to you was not confirmed in time, so it went to the next player on the list. You can join the list again on the round's page.",
};

/**
 * Makes the messages of the league's untold waitlist notices, marking them told; answers the
 * keys of the waitlist messages with copies still to deliver (these and any a failed run left).
 */
export async function makeWaitlistMessages(db: Db, league: League, now = nowSeconds()): Promise<string[]> {
  const fresh = await db
    .select({
      id: waitlistNotices.id,
      kind: waitlistNotices.kind,
      offerExpiresAt: waitlist.offerExpiresAt,
      userId: waitlist.userId,
      roundId: rounds.id,
      roundName: rounds.name,
    })
    .from(waitlistNotices)
    .innerJoin(waitlist, eq(waitlist.id, waitlistNotices.waitlistId))
    .innerJoin(rounds, eq(rounds.id, waitlist.roundId))
    .where(
      and(
        inLeague(db, waitlistNotices),
        isNull(waitlistNotices.mailedAt),
        gte(waitlistNotices.createdAt, now - FRESH_SECONDS),
        // Still the league's member as the job runs (ADR 46): a claim undone since hears nothing.
        isLeagueMemberSql(db, sql`${waitlist.userId}`),
      ),
    )
    .orderBy(waitlistNotices.id);
  const open = new Set(
    fresh.length
      ? (
          await accountsRead(
            db,
            fresh.map((n) => n.userId),
          )
        ).map((a) => a.userId)
      : [],
  );
  const writes: BatchItem<"sqlite">[] = fresh.flatMap((n) => {
    const title = NOTICE_WORDS.title(league.name, n.roundName);
    const body = WAITLIST_WORDS[n.kind](n.offerExpiresAt ? formatDateTime(n.offerExpiresAt, league.timeZone) : null);
    const copy = open.has(n.userId) ? [{ userId: n.userId, title, body, url: roundPath(league, n.roundId) }] : [];
    return messageStatements(db, { kind: "waitlist", key: `waitlist:${n.id}`, roundId: n.roundId, title, body }, copy);
  });
  if (fresh.length > 0) {
    writes.push(
      db
        .update(waitlistNotices)
        .set({ mailedAt: now })
        .where(
          and(
            inLeague(db, waitlistNotices),
            inArray(
              waitlistNotices.id,
              fresh.map((n) => n.id),
            ),
            isNull(waitlistNotices.mailedAt),
          ),
        ),
    );
    await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  const pending = await db
    .selectDistinct({ key: messages.key })
    .from(messages)
    .innerJoin(messageRecipients, eq(messageRecipients.messageId, messages.id))
    .where(
      and(
        inLeague(db, messages),
        eq(messages.kind, "waitlist"),
        gte(messages.createdAt, now - FRESH_SECONDS),
        // Still to send, or claimed by a run that may have died: deliverMessage decides which it takes.
        inArray(messageRecipients.status, ["queued", "sending"]),
      ),
    );
  return pending.map((p) => p.key);
}
