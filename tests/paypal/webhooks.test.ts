import { describe, expect, it } from "vitest";
import { harness, order } from "./harness";

async function capturedOrder() {
  const h = harness();
  const { orderId } = await h.client.createOrder(order(1500));
  h.standIn.approve(orderId);
  const capture = await h.client.captureOrder(orderId, crypto.randomUUID());
  await h.standIn.settled();
  return { ...h, orderId, capture };
}

describe("PayPal webhooks through the local stand-in", () => {
  it("sends PAYMENT.CAPTURE.COMPLETED after a capture, and verify says it is genuine", async () => {
    const { client, received, orderId, capture, standIn } = await capturedOrder();
    expect(received).toHaveLength(1);
    const event = JSON.parse(received[0].body);
    expect(event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource_type: "capture",
      resource: {
        id: capture.captureId,
        status: "COMPLETED",
        custom_id: "entry:round-7:player-3",
        amount: { currency_code: "USD", value: "15.00" },
        seller_receivable_breakdown: { paypal_fee: { value: "1.01" } },
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    });
    expect(standIn.stats.deliveries[0]).toMatchObject({ eventId: event.id, orderId, status: 200 });
    expect(await client.verifyWebhook(received[0].headers, received[0].body)).toBe(true);
  });

  it("refuses a tampered body, a re-serialised body, a forged signature and missing headers", async () => {
    const { client, received, calls } = await capturedOrder();
    const { body, headers } = received[0];
    const tampered = body.replace('"15.00"', '"1500.00"');
    expect(tampered).not.toBe(body);
    expect(await client.verifyWebhook(headers, tampered)).toBe(false);
    expect(await client.verifyWebhook(headers, JSON.stringify(JSON.parse(body)))).toBe(false);

    const forged = new Headers(headers);
    forged.set("PAYPAL-TRANSMISSION-SIG", btoa("x".repeat(32)));
    expect(await client.verifyWebhook(forged, body)).toBe(false);

    const unknown = new Headers(headers);
    unknown.set("PAYPAL-TRANSMISSION-ID", crypto.randomUUID());
    expect(await client.verifyWebhook(unknown, body)).toBe(false);

    const before = calls.length;
    for (const name of [
      "PAYPAL-AUTH-ALGO",
      "PAYPAL-CERT-URL",
      "PAYPAL-TRANSMISSION-ID",
      "PAYPAL-TRANSMISSION-SIG",
      "PAYPAL-TRANSMISSION-TIME",
    ]) {
      const missing = new Headers(headers);
      missing.delete(name);
      expect(await client.verifyWebhook(missing, body)).toBe(false);
    }
    // Not JSON, or JSON that would splice extra keys into the verify request: refused locally.
    expect(await client.verifyWebhook(headers, `${body}, "webhook_id": "other"`)).toBe(false);
    expect(await client.verifyWebhook(headers, "[]")).toBe(false);
    expect(calls.length).toBe(before);
  });

  it("refuses a genuine event checked against another webhook id", async () => {
    const { received, fetchImpl, config } = await capturedOrder();
    const { payPalClient } = await import("~/.server/paypal/client");
    const other = payPalClient({ ...config, webhookId: "another-webhook" }, fetchImpl);
    expect(await other.verifyWebhook(received[0].headers, received[0].body)).toBe(false);
  });

  it("replays the same event (same id) on request, still verifiable", async () => {
    const { client, received, orderId, standIn } = await capturedOrder();
    const delivery = await standIn.replayWebhook(orderId);
    expect(received).toHaveLength(2);
    expect(received[1].body).toBe(received[0].body);
    expect(delivery).toMatchObject({ eventId: JSON.parse(received[0].body).id, status: 200 });
    expect(received[1].headers.get("PAYPAL-TRANSMISSION-ID")).not.toBe(received[0].headers.get("PAYPAL-TRANSMISSION-ID"));
    expect(await client.verifyWebhook(received[1].headers, received[1].body)).toBe(true);
    await expect(standIn.replayWebhook("NOPE")).rejects.toThrow(/no capture webhook/);
  });

  it("records what the app answered, and a webhook target that fails does not break the capture", async () => {
    const h = harness({
      webhookTarget: async () => {
        throw new Error("connection refused");
      },
    });
    const { orderId } = await h.client.createOrder(order());
    h.standIn.approve(orderId);
    await h.client.captureOrder(orderId, crypto.randomUUID());
    await h.standIn.settled();
    expect(h.standIn.stats.deliveries[0]).toMatchObject({ orderId, status: null, error: "connection refused" });
  });
});
