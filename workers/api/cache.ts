import type { Context } from "hono";
import { readSessionCookie } from "~/.server/auth/session";
import { type CacheTag, LIVE_CACHE_CONTROL, publicCacheHeaders } from "~/.server/cache-tags";

/** Whether the request carries a session: such answers are never shared through a cache. */
export function hasCredentials(req: Request): boolean {
  return req.headers.has("Authorization") || readSessionCookie(req) !== null;
}

/**
 * Marks an anonymous read as cacheable at the edge, tagged by the tables it read, so a
 * write can purge exactly those tags. Requests with credentials stay private.
 */
export function cachePublic(c: Context, ...tags: CacheTag[]) {
  if (hasCredentials(c.req.raw)) return;
  for (const [name, value] of Object.entries(publicCacheHeaders(...tags))) c.header(name, value);
}

/** Marks an anonymous read of a live round as shareable for a moment (no tag: nothing purges it). */
export function cacheLive(c: Context) {
  if (hasCredentials(c.req.raw)) return;
  c.header("Cache-Control", LIVE_CACHE_CONTROL);
  c.header("Vary", "Cookie");
}
