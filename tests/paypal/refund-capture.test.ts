import { describe, expect, it } from "vitest";
import { payPalClient } from "~/.server/paypal/client";
import { PayPalError } from "~/.server/paypal/errors";
import { parsePaymentEvent } from "~/.server/paypal/events";
import { STANDIN_CREDENTIALS_B } from "../../scripts/paypal-standin/standin";
import { harness, order } from "./harness";

// The league refunds a capture itself (Payments v2, ADR 50): the client's refundCapture
// against the stand-in's POST /v2/payments/captures/{id}/refund, which answers, refuses and
// sends PAYMENT.CAPTURE.REFUNDED as PayPal does.

async function captured(cents = 1500) {
  const h = harness();
  const { orderId } = await h.client.createOrder(order(cents));
  h.standIn.approve(orderId);
  const capture = await h.client.captureOrder(orderId, crypto.randomUUID());
  await h.standIn.settled();
  h.received.length = 0;
  return { ...h, orderId, capture };
}

describe("refundCapture against the local stand-in", () => {
  it("refunds part of a capture: the refund's id and amount, and PAYMENT.CAPTURE.REFUNDED that verifies", async () => {
    const { client, standIn, received, capture, calls } = await captured(1500);
    const refund = await client.refundCapture(capture.captureId, 600, "cancel-refund-1");
    expect(refund).toEqual({ refundId: expect.stringMatching(/^R/), status: "COMPLETED", amountCents: 600, currency: "USD" });
    expect(calls).toContain(`POST /v2/payments/captures/${capture.captureId}/refund`);
    await standIn.settled();
    expect(received).toHaveLength(1);
    const event = JSON.parse(received[0]!.body);
    expect(event).toMatchObject({ event_type: "PAYMENT.CAPTURE.REFUNDED", resource_type: "refund", resource: { id: refund.refundId } });
    expect(await client.verifyWebhook(received[0]!.headers, received[0]!.body)).toBe(true);
    // The app's webhook reads it as the refund of this capture, by PayPal's refund id.
    expect(parsePaymentEvent(received[0]!.body)?.event).toMatchObject({
      kind: "capture-refunded",
      captureId: capture.captureId,
      refundId: refund.refundId,
      refundCents: 600,
      reversal: false,
    });
    expect((await client.getOrder(capture.orderId)).capture?.status).toBe("PARTIALLY_REFUNDED");
  });

  it("refunds once for one PayPal-Request-Id: the same id again answers the same refund and sends nothing more", async () => {
    const { client, standIn, received, capture } = await captured(1500);
    const first = await client.refundCapture(capture.captureId, 1500, "cancel-refund-7");
    const again = await client.refundCapture(capture.captureId, 1500, "cancel-refund-7");
    expect(again).toEqual(first);
    await standIn.settled();
    expect(received).toHaveLength(1);
    expect((await client.getOrder(capture.orderId)).capture?.status).toBe("REFUNDED");
  });

  it("throws PayPal's refusals as PayPalError: more than is left, nothing left, an unknown capture", async () => {
    const { client, capture } = await captured(1000);
    await client.refundCapture(capture.captureId, 400, "r-1");
    const over = await client.refundCapture(capture.captureId, 601, "r-2").catch((e) => e);
    expect(over).toBeInstanceOf(PayPalError);
    expect(over).toMatchObject({ status: 422, issue: "REFUND_AMOUNT_EXCEEDED", debugId: expect.any(String) });
    await client.refundCapture(capture.captureId, 600, "r-3");
    // Fully refunded: any amount is more than is left (the stand-in words it as /standin/refund does).
    await expect(client.refundCapture(capture.captureId, 1, "r-4")).rejects.toMatchObject({ status: 422, issue: "REFUND_AMOUNT_EXCEEDED" });
    await expect(client.refundCapture("CNOPE", 1, "r-5")).rejects.toMatchObject({ status: 404, issue: "INVALID_RESOURCE_ID" });
    await expect(client.refundCapture(capture.captureId, 0, "r-6")).rejects.toMatchObject({ status: 422 });
  });

  it("keeps the merchants apart: B's token cannot refund A's capture", async () => {
    const { config, fetchImpl, capture, client, standIn, received } = await captured(1000);
    const b = payPalClient({ apiBase: config.apiBase, ...STANDIN_CREDENTIALS_B, webhookId: "none" }, fetchImpl);
    await expect(b.refundCapture(capture.captureId, 100, "b-1")).rejects.toMatchObject({ status: 404 });
    // Nor does B's request id reach A's: the same id at A makes A's own refund.
    const a = await client.refundCapture(capture.captureId, 100, "b-1");
    expect(a.amountCents).toBe(100);
    await standIn.settled();
    expect(received.map((r) => JSON.parse(r.body).resource.id)).toEqual([a.refundId]);
  });

  it("answers PayPal's 400s for bodies it cannot read, and 401 without a token", async () => {
    const { fetchImpl, config, capture } = await captured(1000);
    const tokenRes = await fetchImpl(`${config.apiBase}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}` },
      body: "grant_type=client_credentials",
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const post = (body: string, auth = `Bearer ${token}`) =>
      fetchImpl(`${config.apiBase}/v2/payments/captures/${capture.captureId}/refund`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body,
      });
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ amount: { value: 5 } }))).status).toBe(400);
    expect((await post(JSON.stringify({ amount: { value: "1.234", currency_code: "USD" } }))).status).toBe(422);
    expect((await post(JSON.stringify({ amount: { value: "1.00", currency_code: "EUR" } }))).status).toBe(422);
    expect((await post("{}", "Bearer nope")).status).toBe(401);
    // No body: what is left, all of it.
    const whole = await post("");
    expect(whole.status).toBe(201);
    expect(await whole.json()).toMatchObject({ status: "COMPLETED", amount: { value: "10.00" } });
  });

  it("an unreachable PayPal is status 0 (the job retries it)", async () => {
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    const client = payPalClient({ apiBase: "https://down-refund.test", clientId: "a", clientSecret: "b", webhookId: "c" }, down);
    await expect(client.refundCapture("C1", 100, "x")).rejects.toMatchObject({ name: "PayPalError", status: 0 });
  });
});
