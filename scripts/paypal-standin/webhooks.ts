import type { Order } from "./orders.ts";
import type { Refund } from "./refunds.ts";

// Webhooks as PayPal sends them, signed so that only this stand-in can vouch for them: an
// HMAC-SHA256 of transmission id + body under a key made at start and never shared. Real
// PayPal signs with a certificate; what matters here is the same outcome — the app's
// verify call says SUCCESS only for an event this stand-in sent, byte for byte.

/** Where a webhook goes: `url` is the one its merchant registered, null for merchant A's fallback (the app's root webhook). */
export type WebhookTarget = (body: string, headers: Headers, url: string | null) => Promise<Response>;
export type Delivery = {
  eventId: string;
  orderId: string;
  transmissionId: string;
  status: number | null;
  error?: string;
  /** The merchant that sent it, and the URL it went to (null: A's fallback). */
  merchant?: "A" | "B";
  url?: string | null;
};

const encoder = new TextEncoder();

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

export function webhookSigner(baseUrl: string) {
  const key = crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, false, ["sign"]) as Promise<CryptoKey>;
  // transmission id → the body sent with it, by which merchant for which webhook id; verify needs the exact text back.
  const sent = new Map<string, { body: string; sig: string; merchant: string; webhookId: string }>();

  const sign = async (transmissionId: string, body: string) =>
    toBase64(await crypto.subtle.sign("HMAC", await key, encoder.encode(`${transmissionId}|${body}`)));

  return {
    async headersFor(body: string, merchant: string, webhookId: string): Promise<Headers> {
      const transmissionId = crypto.randomUUID();
      const sig = await sign(transmissionId, body);
      sent.set(transmissionId, { body, sig, merchant, webhookId });
      return new Headers({
        "Content-Type": "application/json",
        "PAYPAL-AUTH-ALGO": "SHA256withRSA",
        "PAYPAL-CERT-URL": `${baseUrl}/v1/notifications/certs/CERT-local-standin`,
        "PAYPAL-TRANSMISSION-ID": transmissionId,
        "PAYPAL-TRANSMISSION-SIG": sig,
        "PAYPAL-TRANSMISSION-TIME": new Date().toISOString(),
        "User-Agent": "PayPal/local-standin",
      });
    },

    /**
     * The verify-webhook-signature check on the raw request text, asked by `merchant`: the
     * transmission must be one that merchant sent, for the webhook id the request names, its
     * signature ours, and the event spliced in exactly as we sent it.
     */
    async verify(rawRequest: string, merchant: string): Promise<boolean> {
      let req: Record<string, unknown>;
      try {
        req = JSON.parse(rawRequest);
      } catch {
        return false;
      }
      const tid = req.transmission_id;
      const record = typeof tid === "string" ? sent.get(tid) : undefined;
      if (!record || record.merchant !== merchant || req.webhook_id !== record.webhookId || typeof req.transmission_sig !== "string") {
        return false;
      }
      if (!req.auth_algo || !req.cert_url || !req.transmission_time) return false;
      if (req.transmission_sig !== record.sig || (await sign(tid as string, record.body)) !== req.transmission_sig) return false;
      return rawRequest.includes(`"webhook_event":${record.body}`);
    },
  };
}

/** PAYMENT.CAPTURE.COMPLETED for a captured order, as PayPal words it. */
export function captureCompletedEvent(order: Order): string {
  const capture = order.capture;
  if (!capture) throw new Error(`Order ${order.id} has no capture`);
  const event = {
    id: `WH-${crypto.randomUUID().toUpperCase()}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: "capture",
    resource_version: "2.0",
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    summary: `Payment completed for $ ${capture.amount.value} ${capture.amount.currency_code}`,
    resource: { ...capture, supplementary_data: { related_ids: { order_id: order.id } } },
    links: [],
  };
  // Indented, so a parsed and re-serialised copy differs from what was signed: the app
  // must hand verify the body exactly as it came (PayPal fails re-serialised events too).
  return JSON.stringify(event, null, 2);
}

/**
 * PAYMENT.CAPTURE.REFUNDED (the merchant refunded) or PAYMENT.CAPTURE.REVERSED (PayPal took
 * the money back, a chargeback), as PayPal words them: the resource is the refund
 * (resource_type "refund"), its id the refund's, its "up" link the capture.
 */
export function refundEvent(refund: Refund, reversal = false): string {
  const what = reversal ? "reversed" : "refunded";
  const event = {
    id: `WH-${crypto.randomUUID().toUpperCase()}`,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: "refund",
    resource_version: "2.0",
    event_type: reversal ? "PAYMENT.CAPTURE.REVERSED" : "PAYMENT.CAPTURE.REFUNDED",
    summary: `A $ ${refund.amount.value} ${refund.amount.currency_code} capture payment was ${what}`,
    resource: refund,
    links: [],
  };
  return JSON.stringify(event, null, 2);
}
