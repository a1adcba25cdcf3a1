import { api } from "./api";
import { drainBody, withinBodyLimit } from "./body-limit";
import { isForeignCookieWrite } from "./origin";
import { handleQueue } from "./queue/consumer";
import { applyResponsePolicy, newNonce } from "./response-policy";

type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, nonce: string) => Promise<Response>;

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

function refusal(isApi: boolean, status: number, error: string, code: string): Response {
  return isApi ? Response.json({ error, code }, { status }) : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Cross-site and oversized writes are refused before any route sees them. */
async function route(request: Request, env: Env, ctx: ExecutionContext, nonce: string, pages: PageHandler): Promise<Response> {
  const isApi = isApiPath(new URL(request.url).pathname);
  if (isForeignCookieWrite(request, env.APP_URL)) return refusal(isApi, 403, "Cross-site request refused", "forbidden");
  const limited = await withinBodyLimit(request);
  if ("tooLarge" in limited) {
    return refusal(isApi, 413, `Request body too large (the limit is ${limited.limit / 1024} KB)`, "payload_too_large");
  }
  return isApi ? api.fetch(limited, env, ctx) : pages(limited, env, ctx, nonce);
}

/**
 * The Worker: /api/* to Hono, every other request to the page handler, and the queue
 * consumer. Every response leaves through the one response policy (caching, CSP and
 * security headers), after any body the app did not read has been drained.
 */
export function createWorker(pages: PageHandler, opts: { dev?: boolean } = {}) {
  return {
    async fetch(request, env, ctx) {
      const nonce = newNonce();
      const response = await route(request, env, ctx, nonce, pages);
      await drainBody(request);
      return applyResponsePolicy(request, response, nonce, { dev: opts.dev ?? false });
    },
    queue(batch, env) {
      return handleQueue(batch, env);
    },
  } satisfies ExportedHandler<Env, unknown>;
}
