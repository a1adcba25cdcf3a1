// The stand-in's refunds (ADR 22): what the merchant (a refund) or PayPal (a reversal)
// takes back of an order's capture, refused as PayPal refuses it. Plain TypeScript that
// Node runs by stripping types.

import { type Money, type Order, id, toCents, toValue } from "./orders.ts";
import { failure, json, notFound } from "./responses.ts";

/** A refund of a capture as PayPal's Payments v2 shows it (a reversal is one too). */
export type Refund = {
  id: string;
  status: "COMPLETED";
  amount: Money;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
};

export const newRefundId = () => id("R");

/**
 * A refund of `cents` of the order's capture (what is left when null), or why PayPal
 * refuses it: no capture, an amount that is not more than 0, more than is left. The
 * capture's status follows (PARTIALLY_REFUNDED, then REFUNDED) as PayPal's does.
 */
export function refund(
  order: Order,
  cents: number | null,
  baseUrl: string,
  note?: string,
): Refund | { status: number; issue: string; message: string } {
  const captured = order.capture;
  if (!captured) return { status: 422, issue: "CAPTURE_NOT_FOUND", message: "The order has no capture to refund." };
  const gross = toCents(captured.amount.value);
  const left = gross - (order.refundedCents ?? 0);
  const amount = cents ?? left;
  if (amount <= 0)
    return {
      status: left <= 0 ? 422 : 400,
      issue: left <= 0 ? "CAPTURE_FULLY_REFUNDED" : "INVALID_PARAMETER_VALUE",
      message: left <= 0 ? "The capture has already been fully refunded." : "The refund amount must be more than 0.",
    };
  if (amount > left)
    return {
      status: 422,
      issue: "REFUND_AMOUNT_EXCEEDED",
      message: "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
    };
  order.refundedCents = (order.refundedCents ?? 0) + amount;
  captured.status = order.refundedCents >= gross ? "REFUNDED" : "PARTIALLY_REFUNDED";
  const money = (c: number): Money => ({ currency_code: captured.amount.currency_code, value: toValue(c) });
  const now = new Date().toISOString();
  const refundId = newRefundId();
  return {
    id: refundId,
    status: "COMPLETED",
    amount: money(amount),
    ...(note ? { note_to_payer: note } : {}),
    seller_payable_breakdown: {
      gross_amount: money(amount),
      paypal_fee: money(0),
      net_amount: money(amount),
      total_refunded_amount: money(order.refundedCents),
    },
    create_time: now,
    update_time: now,
    links: [
      { href: `${baseUrl}/v2/payments/refunds/${refundId}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/v2/payments/captures/${captured.id}`, rel: "up", method: "GET" },
    ],
  };
}

/**
 * What a Payments v2 refund call's body asks for: `amount` ({value, currency_code}) refunds
 * that much, no body or no amount what is left; or PayPal's refusal of a body it cannot read.
 */
export function refundAsked(text: string, currency: string): { cents: number | null; note?: string } | Response {
  if (text.trim() === "") return { cents: null };
  let body: { amount?: { value?: unknown; currency_code?: unknown }; note_to_payer?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
  if (typeof body !== "object" || body === null) {
    return failure(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
  const note = typeof body.note_to_payer === "string" ? body.note_to_payer : undefined;
  if (body.amount === undefined) return { cents: null, note };
  const { value, currency_code: asked } = body.amount ?? {};
  if (typeof value !== "string" || typeof asked !== "string") {
    return failure(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "amount needs value and currency_code.");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return failure(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "Invalid amount value.");
  if (asked !== currency)
    return failure(422, "UNPROCESSABLE_ENTITY", "CURRENCY_MISMATCH", "Refund must be in the currency of the capture.");
  return { cents: toCents(value), note };
}

type RefundDeps = { orders: Map<string, Order>; merchantOf: Map<string, string>; baseUrl: string };

/**
 * POST /v2/payments/captures/{id}/refund (Payments v2) for the merchant the token names:
 * `amount` refunds that much, no body (or no amount) what is left. A PayPal-Request-Id seen
 * before answers the refund it made (200), never a second one; PayPal's refusals as
 * `refund()` words them. `sent` sends the refund's PAYMENT.CAPTURE.REFUNDED.
 */
export function refundCall(deps: RefundDeps, sent: (orderId: string, made: Refund) => void) {
  const made = new Map<string, Refund>(); // merchant + PayPal-Request-Id → the refund it made
  return (req: Request, text: string, merchant: string, captureId: string): Response => {
    const requestId = req.headers.get("PayPal-Request-Id");
    const key = requestId ? `${merchant}:${requestId}` : null;
    const known = key ? made.get(key) : undefined;
    if (known) return json(200, known);
    const order = [...deps.orders.values()].find((o) => o.capture?.id === captureId && deps.merchantOf.get(o.id) === merchant);
    if (!order?.capture) return notFound();
    const asked = refundAsked(text, order.capture.amount.currency_code);
    if (asked instanceof Response) return asked;
    const done = refund(order, asked.cents, deps.baseUrl, asked.note);
    if (!("id" in done)) {
      return failure(done.status, done.status === 422 ? "UNPROCESSABLE_ENTITY" : "INVALID_REQUEST", done.issue, done.message);
    }
    if (key) made.set(key, done);
    sent(order.id, done);
    return json(201, done);
  };
}
