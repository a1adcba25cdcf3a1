import { inArray } from "drizzle-orm";
import { hasCredentials } from "./api/cache";
import { isStorable } from "./response-policy";
import { drizzle } from "drizzle-orm/d1";
import { pageCacheKeys } from "~/.server/db/schema";
import type { RequestScope } from "~/context";

// Anonymous GETs are served from a page cache when the app marked the answer public
// (ADR 11). In production that is Workers Cache in front of the CachedPages entrypoint;
// locally, where Workers Cache is not emulated, it is the Cache API with a tag index in D1.

export type PageCacheMode = "workers-cache" | "cache-api" | "off";
export type CacheStatus = "hit" | "miss" | "bypass";

export function pageCacheMode(env: { PAGE_CACHE?: string }): PageCacheMode {
  return env.PAGE_CACHE === "cache-api" || env.PAGE_CACHE === "off" ? env.PAGE_CACHE : "workers-cache";
}

/**
 * Only anonymous reads may be answered from, or stored in, the shared cache. A WebSocket
 * upgrade (a live round's spectator, ADR 26) is a GET without credentials too, but never a
 * read to keep: it goes straight to the route.
 */
export function isCacheableRequest(request: Request): boolean {
  const upgrade = request.headers.get("Upgrade")?.toLowerCase() === "websocket";
  return (request.method === "GET" || request.method === "HEAD") && !hasCredentials(request) && !upgrade;
}

// A page's key is its path and query, never its host: Workers Cache keys a page by the
// entrypoint, path, query and Worker version, so two hosts share one copy in production,
// and the local cache keys it the same way. What tells leagues apart must be in the path.
const KEY_ORIGIN = "https://page-cache.invalid";

/** The URL a page is stored and indexed under: its path and query on one fixed origin. */
export function pageKey(url: string): string {
  const { pathname, search } = new URL(url);
  return `${KEY_ORIGIN}${pathname}${search}`;
}

const cacheKey = (request: Request) => new Request(pageKey(request.url), { method: "GET" });

/**
 * A HEAD is answered from a GET's response: the router and Hono render a HEAD with an
 * empty body, which a cache keyed on the URL alone would then hand to every GET.
 */
export function asGet(request: Request): Request {
  return request.method === "HEAD" ? new Request(request, { method: "GET" }) : request;
}

/** The response a HEAD gets: the GET's status and headers, no body. */
export function withoutBody(response: Response): Response {
  response.body?.cancel().catch(() => {});
  return new Response(null, response);
}

// Opened once per isolate, not per request.
let pages: Promise<Cache> | undefined;
const pageStore = () => (pages ??= caches.open("pages"));

/**
 * The local page cache: the Cache API, whose entries are indexed by tag for purging.
 * `request` is a GET (the Worker turns a HEAD into one first, see asGet): only a GET's
 * full response is ever stored.
 */
export async function serveFromCacheApi(
  request: Request,
  db: D1Database,
  render: () => Promise<Response>,
): Promise<{ response: Response; status: CacheStatus }> {
  if (request.method !== "GET") return { response: await render(), status: "bypass" };
  const cache = await pageStore();
  const hit = await cache.match(cacheKey(request));
  if (hit) return { response: hit, status: "hit" };
  const response = await render();
  if (!isStorable(response)) return { response, status: "miss" };
  const tags = (response.headers.get("Cache-Tag") ?? "").split(",").filter(Boolean);
  if (tags.length > 0) {
    await drizzle(db)
      .insert(pageCacheKeys)
      .values(tags.map((tag) => ({ url: pageKey(request.url), tag })))
      .onConflictDoNothing();
  }
  await cache.put(cacheKey(request), response.clone());
  return { response, status: "miss" };
}

/**
 * Deletes every locally cached page that carries one of `tags` (workers/purge.ts calls it).
 * The index rows stay: a row says a URL may hold a page with that tag, and a page stored
 * again while a purge runs (its render overlapping the purge) must keep its tags. Deleting
 * them here once left such a page with none, so no later write could purge it.
 */
export async function purgeCacheApi(db: D1Database, tags: string[]): Promise<void> {
  // The page cache's index is the deployment's, not a league's: a plain query builder.
  const rows = await drizzle(db).selectDistinct({ url: pageCacheKeys.url }).from(pageCacheKeys).where(inArray(pageCacheKeys.tag, tags));
  if (rows.length === 0) return;
  const cache = await pageStore();
  await Promise.all(rows.map(({ url }) => cache.delete(new Request(url))));
}

/** A cached document carries the nonce of the request that rendered it: give it this request's. */
export function withNonce(response: Response, nonce: string): Response {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return response;
  return new HTMLRewriter()
    .on("[nonce]", {
      element(el) {
        el.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

type CachedPagesStub = { fetch(request: Request): Promise<Response> };

/**
 * Step "cache": an anonymous read is answered through the page cache (rendered and stored
 * on a miss), anything else is rendered. A HEAD is rendered, cached and fetched as a GET,
 * and loses the body at the end: so no cache mode can ever store the empty body a HEAD
 * renders. A stored document carries another request's nonce: it gets this request's.
 */
export async function servePage(
  request: Request,
  mode: PageCacheMode,
  exports: unknown,
  db: D1Database,
  scope: RequestScope,
  render: (read: Request) => Promise<Response>,
): Promise<{ response: Response; status: CacheStatus }> {
  const read = asGet(request);
  let response: Response;
  let status: CacheStatus = "bypass";
  if (mode === "off" || !isCacheableRequest(request)) {
    response = await render(read);
  } else if (mode === "cache-api") {
    ({ response, status } = await serveFromCacheApi(read, db, () => render(read)));
  } else {
    const inner = (exports as Record<string, CachedPagesStub | undefined> | undefined)?.CachedPages;
    response = inner ? await inner.fetch(read) : await render(read);
    status = inner ? "miss" : "bypass"; // Workers Cache answers before the inner Worker runs
  }
  if (request.method === "HEAD") return { response: withoutBody(response), status };
  // Fresh documents already carry this request's nonce.
  if (status !== "bypass" && scope.renders === 0) response = withNonce(response, scope.nonce);
  return { response, status };
}
