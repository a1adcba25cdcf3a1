import type { Context } from "hono";
import { readSessionCookie } from "~/.server/auth/session";

/** Whether the request carries a session: such answers are never shared through a cache. */
export function hasCredentials(req: Request): boolean {
  return req.headers.has("Authorization") || readSessionCookie(req) !== null;
}

/**
 * Marks an anonymous read as cacheable at the edge, tagged by what it shows, so a write
 * can purge exactly those tags. Requests with credentials stay private.
 */
export function cachePublic(c: Context, ...tags: string[]) {
  if (hasCredentials(c.req.raw)) return;
  c.header("Cache-Control", "public, max-age=30, stale-while-revalidate=300");
  c.header("Cache-Tag", tags.join(","));
}
