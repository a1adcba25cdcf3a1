import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { payments } from "../db/schema";
import type { PaymentEvent } from "../paypal/events";
import { now, paymentOfOrder, recordCapture, SETTLEABLE, settleCreated } from "./paypal-signup";

// PayPal's webhook events as the queue consumer applies them (workers/queue/consumer.ts):
// a completed capture gets the same outcome as the browser's capture step (ADR 15), a
// denial or a refund changes the payment's status. Each is idempotent.

/**
 * A verified PayPal webhook event, as the queue consumer applies it: the same outcome as
 * the browser's capture if it never came back, or a denial or refund. Idempotent.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent): Promise<string> {
  switch (event.kind) {
    case "capture-completed": {
      const payment = await paymentOfOrder(db, event.orderId);
      if (!payment) return `no payment for order ${event.orderId}`;
      // An expired order whose capture was started still gets its money recorded (ADR 23).
      if (!SETTLEABLE.includes(payment.status)) return `payment ${payment.id} already ${payment.status}`;
      const outcome = await recordCapture(db, payment, { ...event, status: "COMPLETED" });
      return `payment ${payment.id}: ${outcome.kind}`;
    }
    case "capture-denied": {
      const payment = await paymentOfOrder(db, event.orderId);
      if (!payment) return `no payment for order ${event.orderId}`;
      await settleCreated(db, payment.id, { status: "failed", captureId: event.captureId });
      return `payment ${payment.id}: denied`;
    }
    case "capture-refunded": {
      const refund = JSON.stringify({ refundedCents: event.refundCents });
      const rows = await db
        .update(payments)
        .set({ status: "refunded", paymentData: refund, updatedAt: now })
        .where(and(eq(payments.captureId, event.captureId), eq(payments.status, "completed")))
        .returning({ id: payments.id });
      return rows.length ? `payment ${rows[0]?.id}: refunded` : `no completed payment for capture ${event.captureId}`;
    }
  }
}
