import { hasCredentials } from "./api/cache";
import { SAFE_METHODS } from "./origin";
import { readCookie } from "~/.server/auth/session";

// D1 read replication. Every request reads and
// writes through one D1 session: a read goes to the nearest replica, a write to the
// primary, and a client that wrote carries the session's bookmark — a cookie for pages,
// the x-d1-bookmark header for API clients — so its next request reads a copy at least
// as new as its own write. Locally there is one copy; the code path is the same.

export const BOOKMARK_COOKIE = "__Host-d1-bookmark";
export const BOOKMARK_HEADER = "x-d1-bookmark";
// What D1 hands out (locally "00000000-0000000b-00000000-000…"); anything else a client
// sends is ignored, never passed to D1.
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The well-formed bookmark the client sent (header first, then cookie), else null. */
export function bookmarkOf(request: Request): string | null {
  for (const value of [request.headers.get(BOOKMARK_HEADER), readCookie(request, BOOKMARK_COOKIE)]) {
    if (value && BOOKMARK.test(value)) return value;
  }
  return null;
}

/**
 * The session a request uses: after the client's own bookmark when it sent one; else a
 * write starts at the primary and a read anywhere.
 */
export function openSession(db: D1Database, request: Request): D1DatabaseSession {
  return db.withSession(bookmarkOf(request) ?? (SAFE_METHODS.has(request.method) ? "first-unconstrained" : "first-primary"));
}

/** drizzle and our D1 observer only prepare and batch: a session serves as the binding. */
export const sessionBinding = (session: D1DatabaseSession): D1Database => session as unknown as D1Database;

/**
 * After a signed-in request that wrote, the response carries the session's bookmark: the
 * header, and the cookie (a day, far longer than any replica lag) for browsers. Anonymous
 * requests never get one: whether a login or a reset request wrote anything (a failure
 * counted against a known account) must not show in the answer.
 */
export function carryBookmark(request: Request, response: Response, session: D1DatabaseSession, wrote: boolean): Response {
  if (!wrote || !hasCredentials(request)) return response;
  const bookmark = session.getBookmark();
  if (!bookmark) return response;
  const out = new Response(response.body, response);
  out.headers.set(BOOKMARK_HEADER, bookmark);
  out.headers.append("Set-Cookie", `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=86400`);
  return out;
}
