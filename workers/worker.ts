import { api } from "./api";
import { type Actor, lazily, withAuditActor } from "./audit-actor";
import { drainBody, withinBodyLimit } from "./body-limit";
import { type D1Observation, observeD1 } from "./d1-observer";
import { carryBookmark, openSession, sessionBinding } from "./d1-session";
import { isForeignCookieWrite } from "./origin";
import {
  asGet,
  type CacheStatus,
  isCacheableRequest,
  pageCacheMode,
  purgeWrites,
  serveFromCacheApi,
  withNonce,
  withoutBody,
} from "./page-cache";
import { handleQueue } from "./queue/consumer";
import { applyResponsePolicy, newNonce } from "./response-policy";
import { payPalCheckout } from "~/.server/paypal/config";
import { readToken, verifySession } from "~/.server/auth/session";
import { queueStaleRatings } from "~/.server/ratings-trigger";
import type { RequestScope } from "~/context";

export type PageHandler = (request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope) => Promise<Response>;

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

function refusal(isApi: boolean, status: number, error: string, code: string): Response {
  return isApi
    ? Response.json({ error, code }, { status })
    : new Response(error, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Cross-site and oversized writes are refused before any route sees them. */
async function route(request: Request, env: Env, ctx: ExecutionContext, scope: RequestScope, pages: PageHandler): Promise<Response> {
  const isApi = isApiPath(new URL(request.url).pathname);
  if (isForeignCookieWrite(request, env.APP_URL)) return refusal(isApi, 403, "Cross-site request refused", "forbidden");
  const limited = await withinBodyLimit(request);
  if ("tooLarge" in limited) {
    return refusal(isApi, 413, `Request body too large (the limit is ${limited.limit / 1024} KB)`, "payload_too_large");
  }
  return isApi ? api.fetch(limited, env, ctx) : pages(limited, env, ctx, scope);
}

const ms = (n: number | undefined) => (n ?? 0).toFixed(1);

/**
 * Where the request's time went (browser dev tools show it): all of it (`app`, before
 * the body streams out), waiting on D1 (`d1`: statements sent; `d1rt`: round trips, a
 * batch being one) and React's render. The platform freezes the clock while JavaScript
 * runs, so in production only I/O (`d1`) is measured; locally every phase is.
 */
function serverTiming(cache: CacheStatus | null, seen: D1Observation, scope: RequestScope, totalMs: number): string {
  return [
    ...(cache ? [`cache;desc="${cache}"`] : []),
    `app;dur=${ms(totalMs)}`,
    `d1;desc="${seen.queries}";dur=${ms(seen.waitMs)}`,
    `d1rt;desc="${seen.roundTrips}"`,
    `render;desc="${scope.renders}";dur=${ms(scope.renderMs)}`,
  ].join(", ");
}

/**
 * Who a request acts as, for the audit log: the user its session token names. A write only
 * happens past the route's own guard, which has checked the session in full.
 */
async function actorOfRequest(request: Request, env: Env): Promise<Actor> {
  const token = readToken(request);
  const claims = token ? await verifySession(env, token.token) : null;
  if (!claims) return { userId: null, role: "visitor" };
  return { userId: claims.userId, role: claims.role === "admin" ? "admin" : "player" };
}

type CachedPagesStub = { fetch(request: Request): Promise<Response> };

/**
 * The Worker: /api/* to Hono, every other request to the page handler, and the queue
 * consumer. Anonymous reads go through the page cache (ADR 11); every D1 statement is
 * observed, so whatever a request wrote purges its cache tags; every response leaves
 * through the one response policy (caching, CSP and security headers).
 */
export function createWorker(pages: PageHandler, opts: { dev?: boolean } = {}) {
  /** The app itself, as the CachedPages entrypoint runs it behind Workers Cache. */
  const render = (request: Request, env: Env, ctx: ExecutionContext) =>
    // Anonymous reads only reach it (ADR 11): any replica will do. Workers Cache stores
    // what it answers under the URL alone, so it renders a GET even if handed a HEAD.
    route(asGet(request), { ...env, DB: sessionBinding(openSession(env.DB, request)) }, ctx, { nonce: newNonce(), renders: 0 }, pages);

  return {
    render,
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const started = performance.now();
      const session = openSession(env.DB, request);
      const audited = withAuditActor(
        sessionBinding(session),
        lazily(() => actorOfRequest(request, env)),
      );
      const { binding, seen } = observeD1(audited);
      const observedEnv = { ...env, DB: binding };
      const scope: RequestScope = { nonce: newNonce(), renders: 0 };
      const mode = pageCacheMode(env);
      // A HEAD is rendered, cached and fetched as a GET, and loses the body at the end: so
      // no cache mode can ever store the empty body a HEAD renders.
      const head = request.method === "HEAD";
      const read = asGet(request);
      const fresh = () => route(read, observedEnv, ctx, scope, pages);

      let response: Response;
      let status: CacheStatus = "bypass";
      if (mode === "off" || !isCacheableRequest(request)) {
        response = await fresh();
      } else if (mode === "cache-api") {
        ({ response, status } = await serveFromCacheApi(read, binding, fresh));
      } else {
        const inner = (ctx.exports as unknown as Record<string, CachedPagesStub | undefined>).CachedPages;
        response = inner ? await inner.fetch(read) : await fresh();
        status = inner ? "miss" : "bypass"; // Workers Cache answers before the inner Worker runs
      }
      if (head) response = withoutBody(response);
      await drainBody(request);
      await purgeWrites(seen.writtenTables, mode, env.DB, ctx);
      await queueStaleRatings(env.JOBS, binding);
      // A stored document carries another request's nonce; fresh ones already have this one.
      if (status !== "bypass" && scope.renders === 0 && !head) response = withNonce(response, scope.nonce);
      const payPal = payPalCheckout(env, new URL(request.url).origin);
      response = carryBookmark(request, response, session, seen.writtenTables.size > 0);
      const out = applyResponsePolicy(request, response, scope.nonce, { dev: opts.dev ?? false, payPal });
      // Local servers only: deployed, its statement counts would tell anyone which branch a
      // login or reset request took, and the platform's frozen clock makes its times moot.
      if (mode !== "workers-cache") {
        out.headers.set("Server-Timing", serverTiming(mode === "cache-api" ? status : null, seen, scope, performance.now() - started));
      }
      return out;
    },
    async queue(batch: MessageBatch<unknown>, env: Env, ctx: ExecutionContext) {
      // Jobs write: they start at the primary.
      const { binding, seen } = observeD1(sessionBinding(env.DB.withSession("first-primary")));
      await handleQueue(batch, { ...env, DB: binding });
      await purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, ctx);
    },
  } satisfies ExportedHandler<Env, unknown> & { render: unknown };
}
