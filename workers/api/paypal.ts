import { type ApiEnv, subApp } from "./context";
import { AppError, badRequest, notFound } from "~/.server/errors";
import { enqueue, newJobId } from "~/.server/jobs";
import type { PayPal } from "~/.server/paypal/client";
import { payPalFor } from "~/.server/paypal/config";
import { PayPalError } from "~/.server/paypal/errors";
import { parsePaymentEvent } from "~/.server/paypal/events";
import { leaguePayPalRow } from "~/.server/services/signup/league-paypal";
import { paymentOfEvent } from "~/.server/services/signup/paypal-events";
import { receiveWebhookEvent } from "~/.server/services/signup/webhook-events";

export const WEBHOOK_MESSAGES = {
  unverified: "Webhook signature could not be verified",
  malformed: "Unrecognised webhook event",
  notConfigured: "PayPal is not configured",
  notOurs: "No payment of this league for this event",
} as const;

/**
 * The PayPal of the request's league (app/.server/paypal/config.ts decides whose): its
 * league_paypal row is read now, beside whatever the caller reads next (one trip, ADR 41).
 */
export function requestPayPal(c: { env: Env; req: { url: string }; var: ApiEnv["Variables"] }): Promise<PayPal | null> {
  const origin = new URL(c.req.url).origin;
  return leaguePayPalRow(c.var.db).then((row) => payPalFor(c.env, origin, c.var.league, row));
}

// PayPal's webhook, one per league (`/l/{slug}/api/paypal/webhook`, the default league's at
// the root): verify with that league's PayPal, check the event's payment is that league's,
// enqueue, answer 200. The event is checked with PayPal before anything is written, on the
// exact text it sent; a verified event the league acts on is put on the queue for the
// consumer (workers/queue/consumer.ts), which acts in the job's league only.
export const payPalApi = subApp().post("/webhook", async (c) => {
  const raw = await c.req.text();
  // Read before PayPal is asked, in one trip: the league's PayPal and the event's payment.
  const parsed = parsePaymentEvent(raw);
  const [paypal, payment] = await Promise.all([requestPayPal(c), parsed?.event ? paymentOfEvent(c.var.db, parsed.event) : undefined]);
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
  if (!parsed) {
    console.error("Verified PayPal webhook of an unexpected shape", raw.slice(0, 200));
    throw badRequest(WEBHOOK_MESSAGES.malformed);
  }
  if (!parsed.event) return c.json({ received: true, ignored: parsed.eventType });
  // An order of another league (or of no payment at all): nothing of this league's to do.
  if (!payment) throw notFound(WEBHOOK_MESSAGES.notOurs);
  // Applied before: answered and not queued again; received only: queued again.
  if (await receiveWebhookEvent(c.var.db, parsed.eventId, parsed.eventType)) {
    return c.json({ received: true, duplicate: true });
  }
  await enqueue(c.env.JOBS, { type: "paypal-event", id: newJobId(), leagueId: c.var.db.leagueId, event: parsed.event });
  return c.json({ received: true });
});
