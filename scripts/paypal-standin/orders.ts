// The stand-in's orders: what PayPal keeps for an Orders v2 order, and its JSON
// representation. Plain TypeScript that Node runs by stripping types (no enums, no
// parameter properties) and workerd runs in the tests.

import { failure } from "./responses.ts";

export type Money = { currency_code: string; value: string };

export type Capture = {
  id: string;
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  final_capture: true;
  custom_id?: string;
  seller_receivable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
};

export type Order = {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  amount: Money;
  customId?: string;
  description?: string;
  createTime: string;
  capture?: Capture;
  captureRequestId?: string;
  /** What was refunded of the capture so far (refunds and a reversal together). */
  refundedCents?: number;
};

export const toCents = (value: string): number => {
  const [whole, frac = ""] = value.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
};
export const toValue = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** PayPal's US Checkout rate: 3.49% + $0.49, rounded to the cent. */
export const payPalFeeCents = (grossCents: number): number => Math.round((grossCents * 349) / 10_000) + 49;

export const id = (prefix: string) =>
  `${prefix}${crypto
    .randomUUID()
    .replaceAll("-", "")
    .slice(0, 17 - prefix.length)
    .toUpperCase()}`;
export const newOrderId = () => id("");
export const newCaptureId = () => id("C");

export function capture(order: Order, baseUrl: string): Capture {
  const gross = toCents(order.amount.value);
  const fee = Math.min(payPalFeeCents(gross), gross);
  const money = (cents: number): Money => ({ currency_code: order.amount.currency_code, value: toValue(cents) });
  const now = new Date().toISOString();
  const captureId = newCaptureId();
  return {
    id: captureId,
    status: "COMPLETED",
    amount: order.amount,
    final_capture: true,
    ...(order.customId ? { custom_id: order.customId } : {}),
    seller_receivable_breakdown: { gross_amount: money(gross), paypal_fee: money(fee), net_amount: money(gross - fee) },
    create_time: now,
    update_time: now,
    links: [
      { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
    ],
  };
}

/** An order as PayPal answers `Prefer: return=representation` and GET. */
export function represent(order: Order, baseUrl: string) {
  return {
    id: order.id,
    intent: "CAPTURE",
    status: order.status,
    purchase_units: [
      {
        reference_id: "default",
        amount: order.amount,
        ...(order.customId ? { custom_id: order.customId } : {}),
        ...(order.description ? { description: order.description } : {}),
        ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
      },
    ],
    create_time: order.createTime,
    links: [
      { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" },
      { href: `${baseUrl}/standin/approve/${order.id}`, rel: "approve", method: "POST" },
      { href: `${baseUrl}/v2/checkout/orders/${order.id}/capture`, rel: "capture", method: "POST" },
    ],
  };
}

/** A new order from a create request's body, or PayPal's refusal of it. */
export function parseNewOrder(text: string): Order | Response {
  let unit: { amount?: { currency_code?: unknown; value?: unknown }; custom_id?: unknown; description?: unknown } | undefined;
  try {
    const body = JSON.parse(text);
    if (body.intent !== "CAPTURE") return failure(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "intent must be CAPTURE");
    unit = body.purchase_units?.[0];
  } catch {
    return failure(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
  const amount = unit?.amount;
  if (typeof amount?.currency_code !== "string" || typeof amount.value !== "string") {
    return failure(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "purchase_units[0].amount is required.");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(amount.value)) return failure(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "Invalid amount value.");
  return {
    id: newOrderId(),
    status: "CREATED",
    amount: { currency_code: amount.currency_code, value: amount.value },
    customId: typeof unit?.custom_id === "string" ? unit.custom_id : undefined,
    description: typeof unit?.description === "string" ? unit.description : undefined,
    createTime: new Date().toISOString(),
  };
}
