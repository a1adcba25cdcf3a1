import { capture, type Order, parseNewOrder, represent } from "./orders.ts";
import { refund } from "./refunds.ts";
import { failure, json, notFound } from "./responses.ts";
import { captureCompletedEvent, type Delivery, refundEvent, type WebhookTarget, webhookSigner } from "./webhooks.ts";

// A fake of the PayPal REST calls the league makes, for machines with
// no PayPal (tests, `npm start` offline). It never ships in the Worker: nothing under app/
// or workers/ imports it, and tests/paypal/bundle-boundary.test.ts keeps it that way.

/** The app uses these when no PayPal credentials are set (app/.server/paypal/config.ts). */
export const STANDIN_CREDENTIALS = {
  clientId: "local-standin-client",
  clientSecret: "local-standin-secret",
  webhookId: "local-standin-webhook",
} as const;

/** In every token the stand-in issues, so a bundle that contains it can be caught (check-bundle.mjs). */
export const STANDIN_MARKER = "PAYPAL-LOCAL-STANDIN";

export type StandInOptions = {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where PAYMENT.CAPTURE.* webhooks go; none → they are only recorded. */
  webhookTarget?: WebhookTarget;
  /** This stand-in's own origin, for the links in its answers. */
  baseUrl?: string;
};

export function createStandIn(options: StandInOptions) {
  const baseUrl = options.baseUrl ?? "http://paypal-standin.local";
  const orders = new Map<string, Order>();
  const createRequests = new Map<string, string>(); // PayPal-Request-Id → order id
  const tokens = new Set<string>();
  const events = new Map<string, { orderId: string; body: string }>(); // order or refund id → its webhook's body
  const pending = new Set<Promise<unknown>>();
  const signer = webhookSigner(baseUrl);
  const stats = { tokenRequests: 0, deliveries: [] as Delivery[] };

  async function deliver(orderId: string, body: string): Promise<Delivery> {
    const headers = await signer.headersFor(body);
    const eventId = (JSON.parse(body) as { id: string }).id;
    const delivery: Delivery = { eventId, orderId, transmissionId: headers.get("PAYPAL-TRANSMISSION-ID")!, status: null };
    stats.deliveries.push(delivery);
    if (!options.webhookTarget) return delivery;
    try {
      const res = await options.webhookTarget(body, headers);
      delivery.status = res.status;
      await res.body?.cancel();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  /** Fire-and-forget like PayPal, but tracked so `settled()` can wait for it. */
  function deliverLater(orderId: string, body: string) {
    const p = deliver(orderId, body);
    pending.add(p);
    p.finally(() => pending.delete(p));
  }

  function token(req: Request, form: string): Response {
    const basic = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;
    if (req.headers.get("Authorization") !== basic) {
      return json(401, { error: "invalid_client", error_description: "Client Authentication failed" });
    }
    if (new URLSearchParams(form).get("grant_type") !== "client_credentials") {
      return json(400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
    }
    stats.tokenRequests++;
    const accessToken = `A21AA${crypto.randomUUID().replaceAll("-", "")}`;
    tokens.add(accessToken);
    return json(200, {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: accessToken,
      token_type: "Bearer",
      app_id: `APP-${STANDIN_MARKER}`,
      expires_in: 32400,
      nonce: crypto.randomUUID(),
    });
  }

  function createOrder(req: Request, text: string): Response {
    const requestId = req.headers.get("PayPal-Request-Id");
    const known = requestId ? orders.get(createRequests.get(requestId) ?? "") : undefined;
    if (known) return json(200, represent(known, baseUrl));
    const order = parseNewOrder(text);
    if (order instanceof Response) return order;
    orders.set(order.id, order);
    if (requestId) createRequests.set(requestId, order.id);
    return json(201, represent(order, baseUrl));
  }

  function captureOrder(req: Request, order: Order): Response {
    const requestId = req.headers.get("PayPal-Request-Id");
    if (order.capture) {
      if (requestId && requestId === order.captureRequestId) return json(200, represent(order, baseUrl));
      return failure(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
    }
    if (order.status !== "APPROVED") {
      return failure(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    }
    order.capture = capture(order, baseUrl);
    order.status = "COMPLETED";
    order.captureRequestId = requestId ?? undefined;
    const event = captureCompletedEvent(order);
    events.set(order.id, { orderId: order.id, body: event });
    deliverLater(order.id, event);
    return json(201, represent(order, baseUrl));
  }

  async function handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.replace(/\/+$/, "");
    // Bytes, not req.text(): workerd warns on .text() of a form-encoded body.
    const text = req.method === "GET" ? "" : new TextDecoder().decode(await req.arrayBuffer());
    if (req.method === "POST" && path === "/v1/oauth2/token") return token(req, text);
    const bearer = /^Bearer (.+)$/.exec(req.headers.get("Authorization") ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return json(401, { error: "invalid_token", error_description: "Token signature verification failed" });
    }
    if (req.method === "POST" && path === "/v2/checkout/orders") return createOrder(req, text);
    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      return json(200, { verification_status: (await signer.verify(text, options.webhookId)) ? "SUCCESS" : "FAILURE" });
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match ? orders.get(decodeURIComponent(match[1])) : undefined;
    if (!match) return failure(404, "NOT_FOUND", "NOT_FOUND", "The specified resource does not exist.");
    if (!order) return notFound();
    if (req.method === "GET" && !match[2]) return json(200, represent(order, baseUrl));
    if (req.method === "POST" && match[2]) return captureOrder(req, order);
    return failure(405, "METHOD_NOT_SUPPORTED", "METHOD_NOT_SUPPORTED", "The server does not implement the requested HTTP method.");
  }

  return {
    /** The PayPal REST API, as a Web-standard handler. */
    fetch: handle,
    /** What the payer does in PayPal's window. Unknown order → throws; approving again is harmless. */
    approve(orderId: string): { id: string; status: string } {
      const order = orders.get(orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      if (order.status === "CREATED") order.status = "APPROVED";
      return { id: order.id, status: order.status };
    },
    /**
     * Sends a webhook again (same event id, new transmission) and waits for the app's answer:
     * an order's capture webhook by the order id, a refund's or reversal's by the refund id.
     */
    async replayWebhook(id: string): Promise<Delivery> {
      const event = events.get(id);
      if (!event) {
        throw new Error(
          orders.has(id)
            ? `Order ${id} has no capture webhook`
            : `${id} is no order or refund: no capture webhook or refund webhook to send`,
        );
      }
      return deliver(event.orderId, event.body);
    },
    /**
     * What the merchant does in PayPal's dashboard: refunds `cents` of the order's capture
     * (what is left when null), or PayPal reverses what is left (`reversal`, a chargeback);
     * sends the webhook and waits for the app's answer. Throws PayPal's refusal.
     */
    async refund(orderId: string, cents: number | null, { reversal = false } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new StandInRefusal(404, "RESOURCE_NOT_FOUND", `No order ${orderId}`);
      const made = refund(order, reversal ? null : cents, baseUrl, reversal ? "Payment reversed" : undefined);
      if (!("id" in made)) throw new StandInRefusal(made.status, made.issue, made.message);
      const body = refundEvent(made, reversal);
      events.set(made.id, { orderId, body });
      return { refund: made, delivery: await deliver(orderId, body) };
    },
    hasWebhook: (id: string) => events.has(id),
    /** Waits for every webhook sent so far to be answered. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    hasOrder: (orderId: string) => orders.has(orderId),
    stats,
  };
}

export type StandIn = ReturnType<typeof createStandIn>;

/** PayPal's refusal of a stand-in control call: its status, issue and words. */
export class StandInRefusal extends Error {
  status: number;
  issue: string;
  constructor(status: number, issue: string, message: string) {
    super(message);
    this.status = status;
    this.issue = issue;
  }
}
