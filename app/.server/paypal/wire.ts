import { z } from "zod";
import { valueToCents } from "./amount";
import { PayPalError } from "./errors";

// The parts of PayPal's Orders v2 answers we read (unknown fields are dropped), checked at
// the boundary: a shape we do not expect is an error, never a guess.

export const CAPTURE_STATUSES = ["COMPLETED", "PENDING", "DECLINED", "FAILED", "REFUNDED", "PARTIALLY_REFUNDED"] as const;

export type CaptureResult = {
  orderId: string;
  captureId: string;
  status: (typeof CAPTURE_STATUSES)[number];
  amountCents: number;
  currency: string;
  /** PayPal's fee as it reported it; null while the capture is PENDING (no breakdown yet). */
  feeCents: number | null;
  customId: string | null;
};

const Money = z.object({ currency_code: z.string(), value: z.string() });

const CaptureSchema = z.object({
  id: z.string().min(1),
  status: z.enum(CAPTURE_STATUSES),
  amount: Money,
  custom_id: z.string().optional(),
  seller_receivable_breakdown: z.object({ paypal_fee: Money.optional() }).optional(),
});

export const OrderSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        amount: Money.optional(),
        custom_id: z.string().optional(),
        payments: z.object({ captures: z.array(CaptureSchema).optional() }).optional(),
      }),
    )
    .optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export function parseOrder(body: unknown, status: number): Order {
  const parsed = OrderSchema.safeParse(body);
  if (!parsed.success) throw new PayPalError(status, "MALFORMED_RESPONSE", null, "PayPal order: unexpected answer");
  return parsed.data;
}

/** The order's first capture (we create one purchase unit and capture it once), if any. */
export function captureOf(order: Order): CaptureResult | null {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture) return null;
  const fee = capture.seller_receivable_breakdown?.paypal_fee;
  return {
    orderId: order.id,
    captureId: capture.id,
    status: capture.status,
    amountCents: valueToCents(capture.amount.value),
    currency: capture.amount.currency_code,
    feeCents: fee ? valueToCents(fee.value) : null,
    customId: capture.custom_id ?? unit?.custom_id ?? null,
  };
}

/** A refund of a capture (Payments v2), as PayPal answers `Prefer: return=representation`. */
export const REFUND_STATUSES = ["COMPLETED", "PENDING", "CANCELLED", "FAILED"] as const;
export type RefundResult = {
  refundId: string;
  status: (typeof REFUND_STATUSES)[number];
  amountCents: number;
  currency: string;
};

const RefundSchema = z.object({ id: z.string().min(1), status: z.enum(REFUND_STATUSES), amount: Money });

export function parseRefund(body: unknown, status: number): RefundResult {
  const parsed = RefundSchema.safeParse(body);
  if (!parsed.success) throw new PayPalError(status, "MALFORMED_RESPONSE", null, "PayPal refund: unexpected answer");
  const { id, status: refundStatus, amount } = parsed.data;
  return { refundId: id, status: refundStatus, amountCents: valueToCents(amount.value), currency: amount.currency_code };
}

export const VerificationSchema = z.object({ verification_status: z.string() });
