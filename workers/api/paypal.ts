import { eq } from "drizzle-orm";
import { subApp } from "./context";
import { webhookEvents } from "~/.server/db/schema";
import { AppError, badRequest } from "~/.server/errors";
import { enqueue, newJobId } from "~/.server/jobs";
import { payPalFor } from "~/.server/paypal/config";
import { PayPalError } from "~/.server/paypal/errors";
import { parsePaymentEvent } from "~/.server/paypal/events";

export const WEBHOOK_MESSAGES = {
  unverified: "Webhook signature could not be verified",
  malformed: "Unrecognised webhook event",
  notConfigured: "PayPal is not configured",
} as const;

// PayPal's webhook (DESIGN.md: verify, enqueue, 200). The event is checked with PayPal
// before anything else, on the exact text it sent; a verified event the league acts on is
// put on the queue for the consumer (workers/queue/consumer.ts) and answered at once.
export const payPalApi = subApp().post("/webhook", async (c) => {
  const raw = await c.req.text();
  const paypal = payPalFor(c.env, new URL(c.req.url).origin);
  if (!paypal) throw badRequest(WEBHOOK_MESSAGES.notConfigured);
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhook(c.req.raw.headers, raw);
  } catch (error) {
    // PayPal could not say (outage, our credentials): a 5xx makes PayPal send it again later.
    if (!(error instanceof PayPalError)) throw error;
    console.error("PayPal webhook verification failed to run", error.status, error.issue, error.debugId);
    throw new AppError("bad_gateway", "PayPal could not verify the webhook; send it again later");
  }
  if (!verified) throw badRequest(WEBHOOK_MESSAGES.unverified);
  const parsed = parsePaymentEvent(raw);
  if (!parsed) {
    console.error("Verified PayPal webhook of an unexpected shape", raw.slice(0, 200));
    throw badRequest(WEBHOOK_MESSAGES.malformed);
  }
  if (!parsed.event) return c.json({ received: true, ignored: parsed.eventType });
  const db = c.var.db;
  // An event applied before is answered and not queued again; one received but not yet
  // applied is queued again (its job may have been lost) — the consumer applies it once.
  const inserted = await db
    .insert(webhookEvents)
    .values({ id: parsed.eventId, type: parsed.eventType })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (inserted.length === 0) {
    const [seen] = await db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, parsed.eventId));
    if (seen?.processedAt) return c.json({ received: true, duplicate: true });
  }
  await enqueue(c.env.JOBS, { type: "paypal-event", id: newJobId(), event: parsed.event });
  return c.json({ received: true });
});
