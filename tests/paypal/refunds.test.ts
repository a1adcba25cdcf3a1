import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectStatus } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { deliver } from "../job-fixtures";
import { refundedOf } from "../money-fixtures";
import { approvedOrder, capture, installPayPalApp, payingPlayer, paymentsOf, recordingWorker, webhookRequest } from "./app-harness";
import { paymentRefunds } from "~/.server/db/schema";
import { parsePaymentEvent } from "~/.server/paypal/events";

// A refund played through the local PayPal stand-in as a script plays it (ADR 22): the
// merchant refunds in PayPal, PayPal sends its REFUNDED webhook, the app verifies it,
// queues it, and the consumer records the refund against the payment of that capture.

const app = installPayPalApp();

/** A player entered through PayPal ($4.17 after $2 of credit): their order, payment and the round. */
async function paidThroughPayPal() {
  const w = await payingPlayer(200);
  const orderID = await approvedOrder(app, w);
  await expectStatus(await capture(w, orderID), 201);
  await app.standIn.settled();
  const [payment] = await paymentsOf(w.round.id);
  return { w, orderID, payment: payment! };
}

/** The stand-in's webhook for a refund, delivered to the Worker, and the job it queued run by the consumer. */
async function throughTheApp(body: string, headers: Headers) {
  const { sent, fetch } = recordingWorker();
  const res = await fetch(webhookRequest(body, headers));
  expect(res.status).toBe(200);
  await deliver(sent.map((job) => ({ body: job })));
  return sent;
}

const lastWebhook = () => app.webhooks[app.webhooks.length - 1]!;

describe("a refund from the stand-in", () => {
  it("looks like PayPal's: a refund resource whose 'up' link is the capture, which the app reads", async () => {
    const { orderID, payment } = await paidThroughPayPal();
    const { refund } = await app.standIn.refund(orderID, 150);
    const { body } = lastWebhook();
    const event = JSON.parse(body);
    expect(event).toMatchObject({ event_type: "PAYMENT.CAPTURE.REFUNDED", resource_type: "refund", resource: { id: refund.id } });
    expect(event.resource.links).toContainEqual(expect.objectContaining({ rel: "up", href: expect.stringContaining(payment.captureId!) }));
    expect(parsePaymentEvent(body)?.event).toEqual({
      kind: "capture-refunded",
      eventId: event.id,
      captureId: payment.captureId,
      refundId: refund.id,
      reversal: false,
      refundCents: 150,
    });
  });

  it("is recorded once however often it arrives; partial refunds add up to a refunded payment", async () => {
    const { w, orderID, payment } = await paidThroughPayPal();
    await app.standIn.refund(orderID, 100);
    const first = lastWebhook();
    await throughTheApp(first.body, first.headers);
    // PayPal sends it again (same event): answered, not queued, nothing added.
    const { sent, fetch } = recordingWorker();
    expect((await fetch(webhookRequest(first.body, first.headers))).status).toBe(200);
    expect(sent).toHaveLength(0);
    expect(await refundedOf(payment.id)).toBe(100);
    // The rest, with no amount: what is left.
    await app.standIn.refund(orderID, null);
    await throughTheApp(lastWebhook().body, lastWebhook().headers);
    expect(await refundedOf(payment.id)).toBe(417);
    expect((await paymentsOf(w.round.id))[0]).toMatchObject({ status: "refunded" });
    // The stand-in refuses a refund of more than is left, as PayPal does.
    await expect(app.standIn.refund(orderID, 1)).rejects.toMatchObject({ status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
    await expect(app.standIn.refund(orderID, null)).rejects.toMatchObject({ status: 422, issue: "CAPTURE_FULLY_REFUNDED" });
  });

  it("records a reversal (a chargeback) of what is left as its own kind", async () => {
    const { orderID, payment } = await paidThroughPayPal();
    await app.standIn.refund(orderID, 17);
    await throughTheApp(lastWebhook().body, lastWebhook().headers);
    await app.standIn.refund(orderID, null, { reversal: true });
    expect(JSON.parse(lastWebhook().body)).toMatchObject({ event_type: "PAYMENT.CAPTURE.REVERSED", resource_type: "refund" });
    await throughTheApp(lastWebhook().body, lastWebhook().headers);
    const rows = await testDb().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ["refund", 17],
      ["reversal", 400],
    ]);
  });
});
