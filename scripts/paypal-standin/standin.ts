import { capture, type Order, parseNewOrder, represent } from "./orders.ts";
import { refund, refundCall } from "./refunds.ts";
import { failure, json, notFound } from "./responses.ts";
import { captureCompletedEvent, type Delivery, refundEvent, type WebhookTarget, webhookSigner } from "./webhooks.ts";

// A fake of the PayPal REST calls the league makes, for machines with
// no PayPal (tests, `npm start` offline). It never ships in the Worker: nothing under app/
// or workers/ imports it, and tests/paypal/bundle-boundary.test.ts keeps it that way.
//
// It is two merchants, as two leagues with PayPal accounts of their own are: A (the
// credentials below, what the default league uses locally with no PayPal set) and B (a
// league whose owner saves B's credentials with the "Local stand-in" environment). Each
// merchant's tokens see its own orders only (another's is 404 RESOURCE_NOT_FOUND, as PayPal
// answers), registers its own webhooks, and gets each capture's webhook at the URLs it
// registered (A, with none: the app's root webhook); only the merchant that sent a webhook
// vouches for it, and only under the webhook id it was sent for.

/** The app uses these when no PayPal credentials are set (app/.server/paypal/config.ts): merchant A. */
export const STANDIN_CREDENTIALS = {
  clientId: "local-standin-client",
  clientSecret: "local-standin-secret",
  webhookId: "local-standin-webhook",
} as const;

/** Merchant B: a league's own PayPal on a developer's machine (the owner's PayPal page, "Local stand-in"). */
export const STANDIN_CREDENTIALS_B = {
  clientId: "local-standin-client-b",
  clientSecret: "local-standin-secret-b",
} as const;

export type Merchant = "A" | "B";

/** A webhook a merchant registered (POST /v1/notifications/webhooks). */
type Registered = { id: string; url: string; event_types: { name: string }[] };

/** In every token the stand-in issues, so a bundle that contains it can be caught (check-bundle.mjs). */
export const STANDIN_MARKER = "PAYPAL-LOCAL-STANDIN";

export type StandInOptions = {
  /** Merchant A's credentials, and the webhook id its unregistered (root) webhook is sent for. */
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /**
   * Where PAYMENT.CAPTURE.* webhooks go: called with the URL a merchant registered, or null
   * for merchant A's fallback (the app's root webhook); none → they are only recorded.
   */
  webhookTarget?: WebhookTarget;
  /** This stand-in's own origin, for the links in its answers. */
  baseUrl?: string;
};

export function createStandIn(options: StandInOptions) {
  const baseUrl = options.baseUrl ?? "http://paypal-standin.local";
  const orders = new Map<string, Order>();
  const merchantOf = new Map<string, Merchant>(); // order id → the merchant that made it
  const createRequests = new Map<string, string>(); // merchant + PayPal-Request-Id → order id
  const tokens = new Map<string, Merchant>();
  const webhooks: Record<Merchant, Registered[]> = { A: [], B: [] };
  const events = new Map<string, { orderId: string; body: string }>(); // order or refund id → its webhook's body
  const pending = new Set<Promise<unknown>>();
  const signer = webhookSigner(baseUrl);
  const stats = { tokenRequests: 0, deliveries: [] as Delivery[] };
  const secrets: Record<Merchant, string> = {
    A: `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`,
    B: `Basic ${btoa(`${STANDIN_CREDENTIALS_B.clientId}:${STANDIN_CREDENTIALS_B.clientSecret}`)}`,
  };

  /** Where a merchant's webhooks go: each URL it registered, else (A only) the fallback, for the webhook id verify then expects. */
  function targetsOf(merchant: Merchant): { url: string | null; webhookId: string }[] {
    const registered = webhooks[merchant].map((w) => ({ url: w.url, webhookId: w.id }));
    if (registered.length || merchant === "B") return registered;
    return [{ url: null, webhookId: options.webhookId }];
  }

  async function deliverTo(orderId: string, body: string, merchant: Merchant, target: { url: string | null; webhookId: string }) {
    const headers = await signer.headersFor(body, merchant, target.webhookId);
    const eventId = (JSON.parse(body) as { id: string }).id;
    const delivery: Delivery = {
      eventId,
      orderId,
      transmissionId: headers.get("PAYPAL-TRANSMISSION-ID")!,
      status: null,
      merchant,
      url: target.url,
    };
    stats.deliveries.push(delivery);
    if (!options.webhookTarget) return delivery;
    try {
      const res = await options.webhookTarget(body, headers, target.url);
      delivery.status = res.status;
      await res.body?.cancel();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  }

  /** An order's webhook to every URL its merchant registered (A's fallback: the root): the last delivery answers. */
  async function deliver(orderId: string, body: string): Promise<Delivery> {
    const merchant = merchantOf.get(orderId) ?? "A";
    const targets = targetsOf(merchant);
    let last: Delivery = {
      eventId: (JSON.parse(body) as { id: string }).id,
      orderId,
      transmissionId: "",
      status: null,
      merchant,
      url: null,
    };
    for (const target of targets) last = await deliverTo(orderId, body, merchant, target);
    return last;
  }

  /** Fire-and-forget like PayPal, but tracked so `settled()` can wait for it. */
  function deliverLater(orderId: string, body: string) {
    const p = deliver(orderId, body);
    pending.add(p);
    p.finally(() => pending.delete(p));
  }

  function token(req: Request, form: string): Response {
    const auth = req.headers.get("Authorization");
    const merchant = (Object.keys(secrets) as Merchant[]).find((m) => secrets[m] === auth);
    if (!merchant) {
      return json(401, { error: "invalid_client", error_description: "Client Authentication failed" });
    }
    if (new URLSearchParams(form).get("grant_type") !== "client_credentials") {
      return json(400, { error: "unsupported_grant_type", error_description: "Grant Type is NULL" });
    }
    stats.tokenRequests++;
    const accessToken = `A21AA${crypto.randomUUID().replaceAll("-", "")}`;
    tokens.set(accessToken, merchant);
    return json(200, {
      scope: "https://uri.paypal.com/services/payments/payment",
      access_token: accessToken,
      token_type: "Bearer",
      app_id: `APP-${STANDIN_MARKER}`,
      expires_in: 32400,
      nonce: crypto.randomUUID(),
    });
  }

  function createOrder(req: Request, text: string, merchant: Merchant): Response {
    const requestId = req.headers.get("PayPal-Request-Id");
    const key = requestId ? `${merchant}:${requestId}` : null;
    const known = key ? orders.get(createRequests.get(key) ?? "") : undefined;
    if (known) return json(200, represent(known, baseUrl));
    const order = parseNewOrder(text);
    if (order instanceof Response) return order;
    orders.set(order.id, order);
    merchantOf.set(order.id, merchant);
    if (key) createRequests.set(key, order.id);
    return json(201, represent(order, baseUrl));
  }

  /** The merchant's webhooks: listed, or one more registered (a URL registered twice is PayPal's 400). */
  function webhooksCall(req: Request, text: string, merchant: Merchant): Response {
    if (req.method === "GET") return json(200, { webhooks: webhooks[merchant] });
    let body: { url?: unknown; event_types?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return failure(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    }
    const url = body.url;
    if (typeof url !== "string" || !/^https?:\/\//.test(url) || !Array.isArray(body.event_types) || body.event_types.length === 0) {
      return failure(400, "VALIDATION_ERROR", "INVALID_PARAMETER_VALUE", "Invalid data provided");
    }
    if (webhooks[merchant].some((w) => w.url === url)) {
      return failure(400, "WEBHOOK_URL_ALREADY_EXISTS", "WEBHOOK_URL_ALREADY_EXISTS", "Webhook URL already exists");
    }
    const made: Registered = {
      id: `WH-${merchant}-${crypto.randomUUID().replaceAll("-", "").slice(0, 17).toUpperCase()}`,
      url,
      event_types: body.event_types as { name: string }[],
    };
    webhooks[merchant].push(made);
    return json(201, made);
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

  // POST /v2/payments/captures/{id}/refund (refunds.ts): its webhook goes out as the control refund's does.
  const refundCapture = refundCall({ orders, merchantOf, baseUrl }, (orderId, made) => {
    const event = refundEvent(made);
    events.set(made.id, { orderId, body: event });
    deliverLater(orderId, event);
  });

  async function handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname.replace(/\/+$/, "");
    // Bytes, not req.text(): workerd warns on .text() of a form-encoded body.
    const text = req.method === "GET" ? "" : new TextDecoder().decode(await req.arrayBuffer());
    if (req.method === "POST" && path === "/v1/oauth2/token") return token(req, text);
    const bearer = /^Bearer (.+)$/.exec(req.headers.get("Authorization") ?? "")?.[1];
    const merchant = bearer ? tokens.get(bearer) : undefined;
    if (!merchant) {
      return json(401, { error: "invalid_token", error_description: "Token signature verification failed" });
    }
    if (req.method === "POST" && path === "/v2/checkout/orders") return createOrder(req, text, merchant);
    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      return json(200, { verification_status: (await signer.verify(text, merchant)) ? "SUCCESS" : "FAILURE" });
    }
    if ((req.method === "GET" || req.method === "POST") && path === "/v1/notifications/webhooks") return webhooksCall(req, text, merchant);
    const refundOf = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundOf && req.method === "POST") return refundCapture(req, text, merchant, decodeURIComponent(refundOf[1]));
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const id = match ? decodeURIComponent(match[1]) : "";
    // Another merchant's order does not exist for this one, as at PayPal.
    const order = match && merchantOf.get(id) === merchant ? orders.get(id) : undefined;
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
    /** Which merchant holds an order, its status and amount (GET /standin/orders/{id}); null for none. */
    orderInfo(orderId: string): { merchant: Merchant; status: string; amount: string } | null {
      const order = orders.get(orderId);
      const merchant = merchantOf.get(orderId);
      return order && merchant ? { merchant, status: order.status, amount: order.amount.value } : null;
    },
    /** The webhooks a merchant registered. */
    webhooksOf: (merchant: Merchant): readonly Registered[] => webhooks[merchant],
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
