import { isApiPath } from "./league-path";
import { readSessionCookie, readToken } from "~/.server/auth/session";

/** Methods that never write: no Origin check, and reads may go to any D1 replica. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A WebSocket upgrade must come from our own pages: browsers send the Origin of the page
 * opening it, and a socket is opened with the cookie, so another site's page could open
 * one as its visitor. An upgrade without an Origin passes only without the cookie (a
 * bearer token, or a spectator), as from a phone's own client or a script.
 */
export function isForeignUpgrade(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return readToken(request)?.via === "cookie";
  return !new Set([new URL(request.url).origin, new URL(appUrl).origin]).has(origin);
}

/**
 * Cookie-authenticated writes must come from our own pages: a write that carries the
 * session cookie and no bearer token is refused unless its Origin is the app's own.
 * (Bearer-token calls cannot be forged by another site, so they pass.)
 */
export function isForeignCookieWrite(request: Request, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (!readSessionCookie(request)) return false;
  // Only a well-formed bearer token on an /api call replaces the cookie (pages always use
  // the cookie); any other Authorization header leaves the request cookie-authenticated.
  if (isApiPath(new URL(request.url).pathname) && readToken(request)?.via === "bearer") return false;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return true;
  const allowed = new Set([new URL(request.url).origin, new URL(appUrl).origin]);
  return !allowed.has(origin);
}
