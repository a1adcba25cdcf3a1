import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { messageRecipients, messages } from "../../db/schema";
import { nowSeconds } from "~/lib/shared/time";

// What the cron delivers again (ADR 49): pushes held through the quiet hours whose morning
// came, and copies whose delivery job died (a dead letter, a quota reached). Each names its
// message's key for a delivery job; claiming the copies keeps a copy from going twice.

/** A copy still queued this long after it was made lost its job: the cron queues it again. */
const STALE_SECONDS = 10 * 60;

/** The copies held through the quiet hours whose morning came, queued again; the keys of their messages. */
export async function releaseHeld(db: Db, now = nowSeconds()): Promise<string[]> {
  const released = await db
    .update(messageRecipients)
    .set({ status: "queued", notBefore: null })
    .where(and(inLeague(db, messageRecipients), eq(messageRecipients.status, "held"), sql`${messageRecipients.notBefore} <= ${now}`))
    .returning({ messageId: messageRecipients.messageId });
  if (released.length === 0) return [];
  const ids = [...new Set(released.map((r) => r.messageId))];
  const rows = await db
    .select({ key: messages.key })
    .from(messages)
    .where(and(inLeague(db, messages), sql`${messages.id} in (select value from json_each(${JSON.stringify(ids)}))`));
  return rows.map((r) => r.key);
}

/** The messages with copies still queued long after they were made (their job died): their keys, for the cron to deliver again. */
export async function staleDeliveries(db: Db, now = nowSeconds()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ key: messages.key })
    .from(messageRecipients)
    .innerJoin(messages, and(eq(messages.leagueId, messageRecipients.leagueId), eq(messages.id, messageRecipients.messageId)))
    .where(
      and(
        inLeague(db, messageRecipients),
        eq(messageRecipients.status, "queued"),
        sql`${messageRecipients.createdAt} < ${now - STALE_SECONDS}`,
      ),
    );
  return rows.map((r) => r.key);
}
