import { subApp } from "./context";
import { AppError, badRequest } from "~/.server/errors";
import { enqueue, newJobId } from "~/.server/jobs";
import { payPalFor } from "~/.server/paypal/config";
import { PayPalError } from "~/.server/paypal/errors";
import { parsePaymentEvent } from "~/.server/paypal/events";
import { receiveWebhookEvent } from "~/.server/services/signup/webhook-events";

export const WEBHOOK_MESSAGES = {
  unverified: "Webhook signature could not be verified",
  malformed: "Unrecognised webhook event",
  notConfigured: "PayPal is not configured",
} as const;

// PayPal's webhook: verify, enqueue, answer 200. The event is checked with PayPal
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
  // Applied before: answered and not queued again; received only: queued again.
  if (await receiveWebhookEvent(c.var.db, parsed.eventId, parsed.eventType)) {
    return c.json({ received: true, duplicate: true });
  }
  await enqueue(c.env.JOBS, { type: "paypal-event", id: newJobId(), leagueId: c.var.db.leagueId, event: parsed.event });
  return c.json({ received: true });
});
