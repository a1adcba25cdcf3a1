// The local push stand-in as its own process, for `npm start`, `npm run dev` and the e2e
// server (a fake push service, ./standin.ts):
//
//   node scripts/push-standin/server.mjs [appPort]      (appPort: else $PORT, else 8787)
//
// It listens on 127.0.0.1:{appPort + 1001} (PUSH_STANDIN_PORT overrides). A subscription
// whose endpoint is http://127.0.0.1:{port}/push/{id} (or localhost) is taken by the app only
// when the app is served on this machine too (ADR 49). Its routes:
//   POST /push/{id}                      — a push, checked as a push service checks it
//   GET  /standin/pushes/{id}[?decrypt]  — a subscription's pushes (read: delivered)
//   GET  /standin/pushes                 — all of them, with counts per subscription
//   POST /standin/fail/{id} {status, times}, POST /standin/gone/{id}
//   POST /standin/subscribers {id, privateKeyJwk | d and p256dh, auth}
//   POST /standin/reset
// Node runs standin.ts by stripping its types (Node ≥ 22.18), no build step.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { waitForPort } from "../port-free.mjs";
import { createPushStandIn } from "./standin.ts";

export const PUSH_STANDIN_PORT_OFFSET = 1001; // app/.server/push/config.ts uses the same

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, GET, OPTIONS",
  "Access-Control-Allow-Headers": "*",
};

async function toRequest(req, baseUrl) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // The origin the sender addressed (its VAPID aud): 127.0.0.1 or localhost, on this port.
  const host = /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(req.headers.host ?? "") ? `http://${req.headers.host}` : baseUrl;
  return new Request(new URL(req.url ?? "/", host), { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
}

/** Starts the stand-in's HTTP server; resolves once it listens. */
export function servePushStandIn({ port, log = console.log }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const standIn = createPushStandIn({ origins: [baseUrl, `http://localhost:${port}`] });
  const server = createServer(async (req, res) => {
    try {
      if (req.method === "OPTIONS") {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      const request = await toRequest(req, baseUrl);
      const response = await standIn.fetch(request);
      const path = new URL(request.url).pathname;
      if (path.startsWith("/push/") || request.method === "POST") log(`[push stand-in] ${request.method} ${path} ${response.status}`);
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...CORS });
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ code: 500, reason: String(error) }));
    }
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      log(`[push stand-in] push service at ${baseUrl}/push/{id}`);
      resolve({ server, standIn, baseUrl });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const appPort = Number(process.argv[2] ?? process.env.PORT ?? 8787);
  const port = process.env.PUSH_STANDIN_PORT ? Number(process.env.PUSH_STANDIN_PORT) : appPort + PUSH_STANDIN_PORT_OFFSET;
  // A restart: the stand-in before this one may hold its port a moment longer.
  await waitForPort(port, { what: "the previous push stand-in", log: (line) => console.log(`[push stand-in] ${line}`) });
  await servePushStandIn({ port });
}
