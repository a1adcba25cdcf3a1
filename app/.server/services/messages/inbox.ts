import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues, messageRecipients, messages } from "../../db/schema";
import { MESSAGES_KEPT_DAYS } from "~/lib/messages/kinds";
import { DAY_SECONDS } from "~/lib/shared/time";

// The Messages page's read (ADR 49): every copy any league sent the account in the last
// MESSAGES_KEPT_DAYS, newest first, with its message and its league. A deployment page's
// read across leagues: by the account's own index, league by league (its key leads with the
// league), never a walk of every league's rows; one statement, one trip.

/** At most this many copies on the page: far more than 90 days of any league's messages. */
export const INBOX_LIMIT = 1000;

/** Account `userId`'s copies since `now` less MESSAGES_KEPT_DAYS, newest first, unrun. */
export function inboxRead(db: Db, userId: number, now: number) {
  return db
    .select({
      messageId: messageRecipients.messageId,
      kind: messages.kind,
      title: messageRecipients.title,
      body: messageRecipients.body,
      url: messageRecipients.url,
      status: messageRecipients.status,
      detail: messageRecipients.detail,
      sentAt: messageRecipients.sentAt,
      createdAt: messageRecipients.createdAt,
      league: leagueRowColumns,
    })
    .from(messageRecipients)
    .innerJoin(messages, and(eq(messages.leagueId, messageRecipients.leagueId), eq(messages.id, messageRecipients.messageId)))
    .innerJoin(leagues, eq(leagues.id, messageRecipients.leagueId))
    .where(
      and(
        sql`${messageRecipients.leagueId} in (select id from leagues where status <> 'moved')`,
        eq(messageRecipients.userId, userId),
        gte(messageRecipients.createdAt, now - MESSAGES_KEPT_DAYS * DAY_SECONDS),
      ),
    )
    .orderBy(desc(messageRecipients.createdAt), desc(messageRecipients.messageId))
    .limit(INBOX_LIMIT);
}
