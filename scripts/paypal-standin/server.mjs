// The local PayPal stand-in as its own process, for `npm start`, `npm run dev` and the e2e
// server when no PayPal credentials are set:
//
//   node scripts/paypal-standin/server.mjs [appPort]      (appPort: else $PORT, else 8787)
//
// It listens on 127.0.0.1:{appPort + 1000} (PAYPAL_STANDIN_PORT overrides). It is two
// merchants (standin.ts): A, the default league's, and B, for a league whose owner saves B's
// credentials (local-standin-client-b / local-standin-secret-b) as "Local stand-in". Each
// merchant's webhooks go to the URLs it registered (the owner's Test connection registers
// its league's); merchant A's, with none registered, to
// http://localhost:{appPort}/api/paypal/webhook (PAYPAL_STANDIN_WEBHOOK_URL overrides).
// Besides PayPal's REST calls it answers these for scripts and the browser:
//   GET  /standin/orders/{orderId}   — which merchant holds it: {merchant: "A"|"B", status, amount}
//   POST /standin/approve/{orderId}  — the payer approves (what PayPal's window does)
//   POST /standin/replay/{id}        — send a webhook again (same event id): an order's
//                                      capture webhook, or a refund's by its refund id
//   POST /standin/refund/{orderId}   — the merchant refunds: JSON body {amount} in dollars
//                                      (none: what is left); sends PAYMENT.CAPTURE.REFUNDED
//   POST /standin/reverse/{orderId}  — PayPal reverses what is left (a chargeback); sends
//                                      PAYMENT.CAPTURE.REVERSED
// The last two answer the refund (its id), the event id and the app's answer to the webhook.
// Node runs standin.ts by stripping its types (Node ≥ 22.18), no build step.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { waitForPort } from "../port-free.mjs";
import { toCents } from "./orders.ts";
import { createStandIn, STANDIN_CREDENTIALS, StandInRefusal } from "./standin.ts";

export const STANDIN_PORT_OFFSET = 1000; // app/.server/paypal/config.ts uses the same

// Any headers: a test browser adds its own (CF-Connecting-IP), which makes the call preflighted.
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, GET, OPTIONS",
  "Access-Control-Allow-Headers": "*",
};

const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...CORS } });

/** A refund's amount from the control call's body: dollars (a number or "4.17"), or null for what is left. */
async function refundCents(request) {
  const text = await request.text();
  if (text.trim() === "") return null;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new StandInRefusal(400, "MALFORMED_REQUEST_JSON", 'Send JSON: {"amount": 4.17}, or no body to refund what is left');
  }
  const amount = body?.amount;
  if (amount === undefined || amount === null) return null;
  const value = typeof amount === "number" ? String(amount) : amount;
  if (typeof value !== "string" || !/^\d{1,7}(\.\d{1,2})?$/.test(value)) {
    throw new StandInRefusal(400, "INVALID_PARAMETER_VALUE", "amount must be dollars with at most two decimals, like 4.17");
  }
  return toCents(value);
}

/** The extra endpoints; null when the path is PayPal's. */
async function standInControl(standIn, request, path) {
  const match = /^\/standin\/(approve|replay|refund|reverse)\/([^/]+)$/.exec(path);
  if (!path.startsWith("/standin/")) return null;
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (path === "/standin/health") return answer(200, { ok: true });
  const held = /^\/standin\/orders\/([^/]+)$/.exec(path);
  if (held && request.method === "GET") {
    const info = standIn.orderInfo(decodeURIComponent(held[1]));
    return info ? answer(200, info) : answer(404, { error: `No order ${decodeURIComponent(held[1])}` });
  }
  if (!match || request.method !== "POST") return answer(404, { error: "Unknown stand-in endpoint" });
  const id = decodeURIComponent(match[2]);
  if (match[1] === "replay" ? !standIn.hasOrder(id) && !standIn.hasWebhook(id) : !standIn.hasOrder(id)) {
    return answer(404, { error: `No order ${id}` });
  }
  if (match[1] === "approve") return answer(200, standIn.approve(id));
  try {
    if (match[1] === "replay") {
      const delivery = await standIn.replayWebhook(id);
      return answer(delivery.status === null ? 502 : 200, delivery); // 502: the app did not answer
    }
    const cents = match[1] === "refund" ? await refundCents(request) : null;
    const { refund, delivery } = await standIn.refund(id, cents, { reversal: match[1] === "reverse" });
    const body = { id: refund.id, status: refund.status, amount: refund.amount, event_id: delivery.eventId, delivery };
    return answer(delivery.status === null ? 502 : 201, body);
  } catch (error) {
    if (error instanceof StandInRefusal) return answer(error.status, { error: error.message, issue: error.issue });
    return answer(409, { error: error.message });
  }
}

async function toRequest(req, baseUrl) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", baseUrl), { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

/** Starts the stand-in's HTTP server; resolves once it listens. */
export function serveStandIn({ appPort, port = appPort + STANDIN_PORT_OFFSET, webhookUrl, log = console.log }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const target = webhookUrl ?? `http://localhost:${appPort}/api/paypal/webhook`;
  const standIn = createStandIn({
    ...STANDIN_CREDENTIALS,
    baseUrl,
    webhookTarget: async (body, headers, url) => {
      const to = url ?? target;
      const what = `[paypal stand-in] webhook ${JSON.parse(body).event_type} → ${to}`;
      try {
        const res = await fetch(to, { method: "POST", body, headers, signal: AbortSignal.timeout(10_000) });
        log(`${what} ${res.status}`);
        return res;
      } catch (error) {
        log(`${what} failed (${error.cause?.code ?? error.message}); POST /standin/replay/{orderId} sends it again`);
        throw error;
      }
    },
  });
  const server = createServer(async (req, res) => {
    try {
      const request = await toRequest(req, baseUrl);
      const path = new URL(request.url).pathname;
      const response = (await standInControl(standIn, request, path)) ?? (await standIn.fetch(request));
      if (path.startsWith("/v2/") || path.startsWith("/standin/")) log(`[paypal stand-in] ${request.method} ${path} ${response.status}`);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }));
    }
  });
  // Longer than any client keeps an idle connection: Node's 5 s default closes sockets the
  // app's workerd may be reusing at that moment, which reads as "PayPal not reachable".
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      log(`[paypal stand-in] PayPal REST at ${baseUrl}, webhooks to ${target}`);
      resolve({ server, standIn, baseUrl });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const appPort = Number(process.argv[2] ?? process.env.PORT ?? 8787);
  const port = process.env.PAYPAL_STANDIN_PORT ? Number(process.env.PAYPAL_STANDIN_PORT) : appPort + STANDIN_PORT_OFFSET;
  // A restart: the stand-in before this one may hold its port a moment longer.
  await waitForPort(port, { what: "the previous PayPal stand-in", log: (line) => console.log(`[paypal stand-in] ${line}`) });
  await serveStandIn({ appPort, port, webhookUrl: process.env.PAYPAL_STANDIN_WEBHOOK_URL });
}
