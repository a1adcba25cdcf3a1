import { eq } from "drizzle-orm";
import { type Db, dbNow } from "../../db/client";
import { webhookEvents } from "../../db/schema";

// PayPal's event ids as the league has seen them, read and written only here. The webhook
// (workers/api/paypal.ts) records an event as it arrives; the queue consumer
// (workers/queue/consumer.ts) marks it applied. So a replay of an applied event is
// answered and not queued again, while one received but not yet applied is queued again
// (its job may have been lost) and the consumer still applies it once.

/** Records a verified event as received (the first time only); true if it was applied before. */
export async function receiveWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const inserted = await db.insert(webhookEvents).values({ id, type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return inserted.length === 0 && (await webhookEventApplied(db, id));
}

/** True once the consumer has applied the event: a redelivered job then changes nothing. */
export async function webhookEventApplied(db: Db, id: string): Promise<boolean> {
  const [seen] = await db.select({ processedAt: webhookEvents.processedAt }).from(webhookEvents).where(eq(webhookEvents.id, id));
  return Boolean(seen?.processedAt);
}

/** Marks the event applied, recording it first if its job came without the webhook's row. */
export async function markWebhookEventApplied(db: Db, id: string, type: string): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({ id, type, processedAt: dbNow })
    .onConflictDoUpdate({ target: webhookEvents.id, set: { processedAt: dbNow } });
}
