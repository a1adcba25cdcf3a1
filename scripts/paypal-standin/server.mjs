// The local PayPal stand-in as its own process, for `npm start`, `npm run dev` and the e2e
// server when no PayPal credentials are set:
//
//   node scripts/paypal-standin/server.mjs [appPort]      (appPort: else $PORT, else 8787)
//
// It listens on 127.0.0.1:{appPort + 1000} (PAYPAL_STANDIN_PORT overrides) and posts webhooks to
// http://localhost:{appPort}/api/paypal/webhook (PAYPAL_STANDIN_WEBHOOK_URL overrides).
// Besides PayPal's REST calls it answers two for scripts and the browser:
//   POST /standin/approve/{orderId}  — the payer approves (what PayPal's window does)
//   POST /standin/replay/{orderId}   — send the order's capture webhook again (same event id)
// Node runs standin.ts by stripping its types (Node ≥ 22.18), no build step.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createStandIn, STANDIN_CREDENTIALS } from "./standin.ts";

export const STANDIN_PORT_OFFSET = 1000; // app/.server/paypal/config.ts uses the same

// Any headers: a test browser adds its own (CF-Connecting-IP), which makes the call preflighted.
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, GET, OPTIONS",
  "Access-Control-Allow-Headers": "*",
};

const answer = (status, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...CORS } });

/** The extra endpoints; null when the path is PayPal's. */
async function standInControl(standIn, request, path) {
  const match = /^\/standin\/(approve|replay)\/([^/]+)$/.exec(path);
  if (!path.startsWith("/standin/")) return null;
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
  if (path === "/standin/health") return answer(200, { ok: true });
  if (!match || request.method !== "POST") return answer(404, { error: "Unknown stand-in endpoint" });
  const orderId = decodeURIComponent(match[2]);
  if (!standIn.hasOrder(orderId)) return answer(404, { error: `No order ${orderId}` });
  if (match[1] === "approve") return answer(200, standIn.approve(orderId));
  try {
    const delivery = await standIn.replayWebhook(orderId);
    return answer(delivery.status === null ? 502 : 200, delivery); // 502: the app did not answer
  } catch (error) {
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
    webhookTarget: async (body, headers) => {
      const what = `[paypal stand-in] webhook ${JSON.parse(body).event_type} → ${target}`;
      try {
        const res = await fetch(target, { method: "POST", body, headers, signal: AbortSignal.timeout(10_000) });
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
  const port = process.env.PAYPAL_STANDIN_PORT ? Number(process.env.PAYPAL_STANDIN_PORT) : undefined;
  await serveStandIn({ appPort, port, webhookUrl: process.env.PAYPAL_STANDIN_WEBHOOK_URL });
}
