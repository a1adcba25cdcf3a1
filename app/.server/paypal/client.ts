import { z } from "zod";
import { centsToValue, valueToCents } from "./amount";
import { PayPalError } from "./errors";
import { type Credentials, type Fetch, payPalRequest } from "./http";
import { type CaptureResult, captureOf, parseOrder, parseRefund, type RefundResult, VerificationSchema } from "./wire";

export type { CaptureResult, RefundResult } from "./wire";

export type PayPalConfig = { apiBase: string; clientId: string; clientSecret: string; webhookId: string };

/** The PayPal REST calls the league makes (Orders v2, Payments v2 refunds and webhook verification). */
export interface PayPal {
  createOrder(input: {
    amountCents: number;
    currency: "USD";
    customId: string;
    description: string;
    requestId: string;
  }): Promise<{ orderId: string; status: string }>;
  getOrder(orderId: string): Promise<{
    orderId: string;
    status: string;
    amountCents: number;
    currency: string;
    customId: string | null;
    capture: CaptureResult | null;
  }>;
  /** Idempotent: an order captured before (by this call or another) returns that capture. */
  captureOrder(orderId: string, requestId: string): Promise<CaptureResult>;
  /**
   * Refunds `amountCents` of a capture (Payments v2). Idempotent by `requestId`: the same id
   * again answers the refund it made, never a second one. PayPal's refusals (422
   * CAPTURE_FULLY_REFUNDED, REFUND_AMOUNT_EXCEEDED, REFUND_TIME_LIMIT_EXCEEDED…) throw as
   * PayPalError like every other call's.
   */
  refundCapture(captureId: string, amountCents: number, requestId: string): Promise<RefundResult>;
  /** True only when PayPal says SUCCESS for these headers and this exact body text. */
  verifyWebhook(headers: Headers, rawBody: string): Promise<boolean>;
}

const WEBHOOK_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

const orderPath = (orderId: string) => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

const isJsonObject = (text: string) => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

export function payPalClient(config: PayPalConfig, fetchImpl: Fetch = fetch): PayPal {
  const call = (method: "GET" | "POST", path: string, options?: { body?: string; headers?: Record<string, string> }) =>
    payPalRequest(config, fetchImpl, method, path, options);

  async function getOrder(orderId: string) {
    const res = await call("GET", orderPath(orderId));
    const order = parseOrder(res.body, res.status);
    const amount = order.purchase_units?.[0]?.amount;
    if (!amount) throw new PayPalError(res.status, "MALFORMED_RESPONSE", null, "PayPal order: no amount");
    return {
      orderId: order.id,
      status: order.status,
      amountCents: valueToCents(amount.value),
      currency: amount.currency_code,
      customId: order.purchase_units?.[0]?.custom_id ?? null,
      capture: captureOf(order),
    };
  }

  return {
    async createOrder(input) {
      const body = {
        intent: "CAPTURE",
        purchase_units: [
          {
            custom_id: input.customId,
            description: input.description,
            amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
          },
        ],
      };
      const res = await call("POST", "/v2/checkout/orders", {
        body: JSON.stringify(body),
        headers: { "PayPal-Request-Id": input.requestId, Prefer: "return=representation" },
      });
      const order = parseOrder(res.body, res.status);
      return { orderId: order.id, status: order.status };
    },

    getOrder,

    async captureOrder(orderId, requestId) {
      try {
        const res = await call("POST", `${orderPath(orderId)}/capture`, {
          headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
        });
        const capture = captureOf(parseOrder(res.body, res.status));
        if (!capture) throw new PayPalError(res.status, "MALFORMED_RESPONSE", null, "PayPal capture: no capture in the answer");
        return capture;
      } catch (error) {
        // Captured before under another request id (a second tab, an old retry): PayPal
        // refuses, but the money is in; the existing capture is the answer.
        if (!(error instanceof PayPalError && error.issue === "ORDER_ALREADY_CAPTURED")) throw error;
        const { capture } = await getOrder(orderId);
        if (!capture) throw error;
        return capture;
      }
    },

    async refundCapture(captureId, amountCents, requestId) {
      const res = await call("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        body: JSON.stringify({ amount: { currency_code: "USD", value: centsToValue(amountCents) } }),
        headers: { "PayPal-Request-Id": requestId, Prefer: "return=representation" },
      });
      return parseRefund(res.body, res.status);
    },

    async verifyWebhook(headers, rawBody) {
      const fields: Record<string, string> = {};
      for (const [field, header] of Object.entries(WEBHOOK_HEADERS)) {
        const value = headers.get(header);
        if (!value) return false;
        fields[field] = value;
      }
      // The event goes to PayPal as the exact bytes it signed: re-serialising a parsed
      // event can change it (1.0 → 1, key order) and fail verification. Checking that the
      // text is one JSON object first means it cannot smuggle other keys into the request.
      if (!isJsonObject(rawBody)) return false;
      const head = JSON.stringify({ ...fields, webhook_id: config.webhookId });
      const body = `${head.slice(0, -1)},"webhook_event":${rawBody}}`;
      try {
        const res = await call("POST", "/v1/notifications/verify-webhook-signature", { body });
        const parsed = VerificationSchema.safeParse(res.body);
        return parsed.success && parsed.data.verification_status === "SUCCESS";
      } catch (error) {
        // PayPal refusing the headers themselves (malformed cert URL…) is a failed check;
        // anything else (auth, outage) is ours to retry, so it is thrown.
        if (error instanceof PayPalError && (error.status === 400 || error.status === 422)) return false;
        throw error;
      }
    },
  };
}

/** The webhook events a league's PayPal sends it (PAYMENT.CAPTURE.*, the ones ./events.ts reads). */
export const WEBHOOK_EVENT_TYPES = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;

const WebhookListSchema = z.object({ webhooks: z.array(z.object({ id: z.string().min(1), url: z.string() })).default([]) });
const WebhookSchema = z.object({ id: z.string().min(1) });

/**
 * A league's webhook at its PayPal app: the one already registered for `url`, else a new
 * one (`POST /v1/notifications/webhooks`), so connecting twice makes one webhook. The
 * first call gets a token: credentials PayPal refuses throw its 401 (PayPalError).
 */
export async function connectWebhook(
  credentials: Credentials,
  fetchImpl: Fetch,
  url: string,
): Promise<{ webhookId: string; created: boolean }> {
  const listed = await payPalRequest(credentials, fetchImpl, "GET", "/v1/notifications/webhooks");
  const list = WebhookListSchema.safeParse(listed.body);
  if (!list.success) throw new PayPalError(listed.status, "MALFORMED_RESPONSE", null, "PayPal webhooks: unexpected answer");
  const known = list.data.webhooks.find((w) => w.url === url);
  if (known) return { webhookId: known.id, created: false };
  const made = await payPalRequest(credentials, fetchImpl, "POST", "/v1/notifications/webhooks", {
    body: JSON.stringify({ url, event_types: WEBHOOK_EVENT_TYPES.map((name) => ({ name })) }),
  });
  const webhook = WebhookSchema.safeParse(made.body);
  if (!webhook.success) throw new PayPalError(made.status, "MALFORMED_RESPONSE", null, "PayPal webhook: unexpected answer");
  return { webhookId: webhook.data.id, created: true };
}
