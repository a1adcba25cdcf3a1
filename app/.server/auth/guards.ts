import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type Session, authenticate } from "./current-user";
import { clearedSessionCookie, readSessionCookie } from "./session";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";

/**
 * Root middleware, after servicesMiddleware: reads the session cookie once per request.
 * A cookie that no longer stands for a live session (expired, forged, user locked or
 * reset) is cleared.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionCookie(request);
  const { env } = context.get(cloudflareContext);
  const session = token ? await authenticate(context.get(servicesContext).db, env, token) : null;
  context.set(sessionContext, session);
  if (token && !session) {
    // Loaders already see no session; the browser drops the dead cookie with this reply.
    const response = await next();
    response.headers.append("Set-Cookie", clearedSessionCookie());
    return response;
  }
  return next();
};

type Ctx = Readonly<RouterContextProvider>;

export function optionalSession(context: Ctx): Session | null {
  return context.get(sessionContext);
}

/** Login-guarded routes go to /login. */
export function requireUser(context: Ctx, request: Request): Session {
  const session = context.get(sessionContext);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session;
}

/** Admin routes: no session → /login; a session that is not an admin's → /. */
export function requireAdmin(context: Ctx, _request: Request): Session {
  const session = context.get(sessionContext);
  if (!session) throw redirect("/login");
  if (!session.isAdmin) throw redirect("/");
  return session;
}

// A base no request can have: a target that resolves elsewhere is not ours.
const OWN_ORIGIN = "https://league.invalid";

/**
 * A redirect target taken from the request (?redirectTo=), made safe: it must be a path
 * that the URL parser resolves to our own origin. Control characters (browsers drop a tab
 * or newline, so "/\t/evil.example" becomes "//evil.example") and backslashes (read as
 * "/") are refused outright. Anything else falls back to `fallback`.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, OWN_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== OWN_ORIGIN) return fallback;
  // The parser's own serialisation: ASCII only, so it is always a valid Location header.
  return url.pathname + url.search + url.hash;
}
