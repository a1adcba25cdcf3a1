import { z } from "zod";
import { valueToCents } from "./amount";
import { CAPTURE_STATUSES } from "./wire";

// PayPal webhook events the league acts on, read from the verified event text and reduced
// to what the queue job needs (the job, not PayPal's whole event, goes on the queue).
// PAYMENT.CAPTURE.COMPLETED/DENIED carry the capture with its order id; REFUNDED/REVERSED
// carry a refund (resource_type "refund") whose "up" link names the capture (ADR 22).

// Digits only, so valueToCents cannot throw on what a verified event carries.
const Money = z.object({ currency_code: z.string().max(8), value: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/) });

const CaptureResource = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(CAPTURE_STATUSES),
  amount: Money,
  seller_receivable_breakdown: z.object({ paypal_fee: Money.optional() }).optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().min(1).max(64) }) }),
});

const RefundResource = z.object({
  id: z.string().min(1).max(64),
  amount: Money.optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  supplementary_data: z.object({ related_ids: z.object({ capture_id: z.string().min(1).max(64).optional() }) }).optional(),
});

const EventHead = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource_type: z.string().max(100).optional(),
  resource: z.unknown(),
});

const id = z.string().min(1).max(100);

/** A webhook event as the queue job carries it. */
export const PaymentEventSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("capture-completed"),
    eventId: id,
    orderId: id,
    captureId: id,
    amountCents: z.number().int(),
    currency: z.string().max(8),
    feeCents: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal("capture-denied"), eventId: id, orderId: id, captureId: id }),
  z.object({
    kind: z.literal("capture-refunded"),
    eventId: id,
    captureId: id,
    // PayPal's refund id (a reversal's resource id): the same refund under another event id
    // counts once. Absent only in jobs queued before refunds had rows of their own.
    refundId: id.optional(),
    // PAYMENT.CAPTURE.REVERSED (a chargeback): PayPal took back what was left of the capture.
    reversal: z.boolean().default(false),
    refundCents: z.number().int().nullable(),
  }),
]);
export type PaymentEvent = z.infer<typeof PaymentEventSchema>;

/** The capture id in a refund: supplementary data when PayPal sends it, else the refund's "up" link. */
function refundedCapture(resource: z.infer<typeof RefundResource>): string | null {
  const direct = resource.supplementary_data?.related_ids.capture_id;
  if (direct) return direct;
  const up = resource.links?.find((l) => l.rel === "up")?.href;
  return up ? (/\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null) : null;
}

export type ParsedEvent = { eventId: string; eventType: string; event: PaymentEvent | null };

/**
 * The event in a verified webhook body: `event` is null for a type the league does not act
 * on (it is still answered 200, so PayPal stops sending it). Null for text that is not an
 * event of a known shape.
 */
export function parsePaymentEvent(rawBody: string): ParsedEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const head = EventHead.safeParse(value);
  if (!head.success) return null;
  const { id: eventId, event_type: eventType, resource_type: resourceType, resource } = head.data;
  const known = (event: PaymentEvent | null): ParsedEvent => ({ eventId, eventType, event });
  switch (eventType) {
    case "PAYMENT.CAPTURE.COMPLETED": {
      const c = CaptureResource.safeParse(resource);
      if (!c.success) return null;
      const fee = c.data.seller_receivable_breakdown?.paypal_fee;
      return known({
        kind: "capture-completed",
        eventId,
        orderId: c.data.supplementary_data.related_ids.order_id,
        captureId: c.data.id,
        amountCents: valueToCents(c.data.amount.value),
        currency: c.data.amount.currency_code,
        feeCents: fee ? valueToCents(fee.value) : null,
      });
    }
    case "PAYMENT.CAPTURE.DENIED":
    case "PAYMENT.CAPTURE.DECLINED": {
      const c = CaptureResource.safeParse(resource);
      if (!c.success) return null;
      return known({ kind: "capture-denied", eventId, orderId: c.data.supplementary_data.related_ids.order_id, captureId: c.data.id });
    }
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      const reversal = eventType === "PAYMENT.CAPTURE.REVERSED";
      const r = RefundResource.safeParse(resource);
      if (!r.success) return null;
      // PayPal sends a reversal as a refund (resource_type "refund", its "up" link the
      // capture); some payloads carry the reversed capture itself, whose id is the capture's.
      const captureId = refundedCapture(r.data) ?? (reversal && resourceType === "capture" ? r.data.id : null);
      if (!captureId) return null;
      return known({
        kind: "capture-refunded",
        eventId,
        captureId,
        refundId: r.data.id,
        reversal,
        refundCents: r.data.amount ? valueToCents(r.data.amount.value) : null,
      });
    }
    default:
      return known(null);
  }
}
