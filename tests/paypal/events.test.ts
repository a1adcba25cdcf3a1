import { describe, expect, it } from "vitest";
import { parsePaymentEvent } from "~/.server/paypal/events";

// The webhook events the league acts on, read from PayPal's text.

const event = (event_type: string, resource: unknown) => JSON.stringify({ id: "WH-1", event_type, resource_type: "x", resource });

const capture = {
  id: "CAP-1",
  status: "COMPLETED",
  amount: { currency_code: "USD", value: "4.17" },
  seller_receivable_breakdown: { paypal_fee: { currency_code: "USD", value: "0.64" } },
  supplementary_data: { related_ids: { order_id: "ORDER-1" } },
};

describe("parsePaymentEvent", () => {
  it("reads a completed capture: order, capture, amount and PayPal's fee in cents", () => {
    expect(parsePaymentEvent(event("PAYMENT.CAPTURE.COMPLETED", capture))?.event).toEqual({
      kind: "capture-completed",
      eventId: "WH-1",
      orderId: "ORDER-1",
      captureId: "CAP-1",
      amountCents: 417,
      currency: "USD",
      feeCents: 64,
    });
  });

  it("reads a refund's capture from its 'up' link, or from supplementary data when PayPal sends it", () => {
    const byLink = {
      id: "REF-1",
      amount: { currency_code: "USD", value: "4.17" },
      links: [{ rel: "up", href: "https://api-m.paypal.com/v2/payments/captures/CAP-9" }],
    };
    expect(parsePaymentEvent(event("PAYMENT.CAPTURE.REFUNDED", byLink))?.event).toEqual({
      kind: "capture-refunded",
      eventId: "WH-1",
      captureId: "CAP-9",
      refundId: "REF-1",
      reversal: false,
      refundCents: 417,
    });
    const direct = { id: "REF-2", supplementary_data: { related_ids: { capture_id: "CAP-8" } } };
    expect(parsePaymentEvent(event("PAYMENT.CAPTURE.REVERSED", direct))?.event).toMatchObject({
      captureId: "CAP-8",
      refundId: "REF-2",
      reversal: true,
      refundCents: null,
    });
  });

  it("reads a reversal sent as the reversed capture itself: its id is the capture's", () => {
    const reversed = JSON.stringify({
      id: "WH-2",
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource_type: "capture",
      resource: {
        id: "CAP-7",
        amount: { currency_code: "USD", value: "6.21" },
        links: [{ rel: "up", href: "https://api-m.paypal.com/v2/checkout/orders/O-1" }],
      },
    });
    expect(parsePaymentEvent(reversed)?.event).toMatchObject({ captureId: "CAP-7", refundId: "CAP-7", reversal: true, refundCents: 621 });
    // A refund (not a reversal) must name its capture.
    expect(parsePaymentEvent(reversed.replace("REVERSED", "REFUNDED"))).toBeNull();
  });

  it("reads a denial by its order", () => {
    expect(parsePaymentEvent(event("PAYMENT.CAPTURE.DENIED", { ...capture, status: "DECLINED" }))?.event).toMatchObject({
      kind: "capture-denied",
      orderId: "ORDER-1",
    });
  });

  it("passes over types the league does not act on, and refuses shapes it cannot read", () => {
    expect(parsePaymentEvent(event("CHECKOUT.ORDER.APPROVED", {}))).toEqual({
      eventId: "WH-1",
      eventType: "CHECKOUT.ORDER.APPROVED",
      event: null,
    });
    expect(
      parsePaymentEvent(event("PAYMENT.CAPTURE.COMPLETED", { ...capture, amount: { currency_code: "USD", value: "1e3" } })),
    ).toBeNull();
    expect(parsePaymentEvent(event("PAYMENT.CAPTURE.REFUNDED", { id: "REF-3" }))).toBeNull();
    expect(parsePaymentEvent("[]")).toBeNull();
    expect(parsePaymentEvent("{")).toBeNull();
  });
});
