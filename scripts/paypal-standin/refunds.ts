// The stand-in's refunds (ADR 22): what the merchant (a refund) or PayPal (a reversal)
// takes back of an order's capture, refused as PayPal refuses it. Plain TypeScript that
// Node runs by stripping types.

import { type Money, type Order, id, toCents, toValue } from "./orders.ts";

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
