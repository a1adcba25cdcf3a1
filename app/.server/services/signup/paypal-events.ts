import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { type Payment, payments } from "../../db/schema";
import type { PaymentEvent } from "../../paypal/events";
import { paymentOfOrder, recordCapture, SETTLEABLE, settleCreated } from "./paypal-signup";
import { recordRefund } from "../money/refunds";
import { type Committed, alone } from "../../follow-ups";

// PayPal's webhook events as the queue consumer applies them (workers/queue/consumer.ts):
// a completed capture gets the same outcome as the browser's capture step (ADR 15), a
// denial fails the payment, a refund or reversal is recorded against it (ADR 22). Each is
// idempotent.

/**
 * A verified PayPal webhook event, as the queue consumer applies it: the same outcome as
 * the browser's capture if it never came back, or a denial or refund. Idempotent. Answers
 * what it did, and what an entry it made leaves for after it (ADR 44).
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<Committed<string>> {
  if (event.kind === "capture-completed") {
    const payment = await paymentOfOrder(db, event.orderId);
    if (!payment) return alone(`no payment for order ${event.orderId}`);
    // An expired order whose capture was started still gets its money recorded (ADR 23).
    if (!SETTLEABLE.includes(payment.status)) return alone(`payment ${payment.id} already ${payment.status}`);
    const outcome = await recordCapture(db, payment, { ...event, status: "COMPLETED" });
    return { value: `payment ${payment.id}: ${outcome.kind}`, followUps: outcome.kind === "entered" ? (outcome.followUps ?? []) : [] };
  }
  return alone(await applyOtherEvent(db, event));
}

async function applyOtherEvent(db: Db, event: Exclude<PaymentEvent, { kind: "capture-completed" }>): Promise<string> {
  switch (event.kind) {
    case "capture-denied": {
      const payment = await paymentOfOrder(db, event.orderId);
      if (!payment) return `no payment for order ${event.orderId}`;
      await settleCreated(db, payment.id, { status: "failed", captureId: event.captureId });
      return `payment ${payment.id}: denied`;
    }
    case "capture-refunded":
      // Its own row against the payment (ADR 22): partial refunds add up, a replay counts once.
      return recordRefund(db, event);
  }
}

/**
 * The league's payment an event is about, read in the league (ADR 46): by its order (a
 * capture completed or denied), or by its capture (a refund or reversal). Undefined for an
 * order of another league or of no payment: the webhook then answers 404 and queues nothing.
 */
export const paymentOfEvent = (db: Db, event: PaymentEvent): Promise<Payment | undefined> =>
  event.kind === "capture-refunded" ? paymentOfCapture(db, event.captureId) : paymentOfOrder(db, event.orderId);

const paymentOfCapture = async (db: Db, captureId: string): Promise<Payment | undefined> =>
  (
    await db
      .select()
      .from(payments)
      .where(and(inLeague(db, payments), eq(payments.captureId, captureId)))
  )[0];
