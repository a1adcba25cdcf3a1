import { type MiddlewareFunction, type RouterContextProvider, data, redirect } from "react-router";
import { type Session, sessionOfClaims, standingOf } from "./current-user";
import { clearedSessionCookie, readSessionCookie, verifySession } from "./session";
import { clearedHintCookie, hintCookie, hintedSession, sameSession } from "./session-hint";
import { cloudflareContext, servicesContext, sessionContext, sessionRecheckContext } from "~/context";
import { gateOf } from "../effect-gate";
import { type Capability, can } from "~/lib/accounts/roles";
import { DEPLOYMENT_PAGES, leagueUrls, rootHref } from "~/lib/shared/league-url";
import { SUSPENSION_MESSAGES, opensSuspended } from "~/lib/leagues/suspension";

/**
 * Root middleware, after servicesMiddleware: reads the session cookie once per request.
 * A cookie that no longer stands for a live session (expired, forged, user locked or
 * reset) is cleared.
 *
 * With the session's hint (./session-hint.ts) the session's row is asked without waiting
 * for it: the loaders, or a form's action, run on the hint and their reads go in the same
 * batch as the row (ADR 41). The page is sent only if the row says what the hint said;
 * otherwise the Worker renders it again on the row. An action's effects wait at the
 * request's gate until the row agrees (app/.server/effect-gate.ts, ADR 42): a first render
 * on a stale hint has written nothing when it is thrown away. Without a hint, or without a
 * gate, the row is read first.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const token = readSessionCookie(request);
  const { env } = context.get(cloudflareContext);
  const { db } = context.get(servicesContext);
  const recheck = context.get(sessionRecheckContext);
  // Only a page read uses the hint, so only a page read leaves one (a logout's answer must not).
  const read = request.method === "GET" || request.method === "HEAD";
  const gate = recheck === null || read ? null : gateOf(env.DB);
  if (recheck?.verified !== undefined) {
    // The second render: the first one's effects were refused, this one's may go.
    gate?.reopen();
    return withSession(recheck.verified, token !== null, read, context, next);
  }
  const claims = token ? await verifySession(env, token) : null;
  const hinted = claims && recheck && (read || gate) ? hintedSession(request, claims, db.leagueId) : null;
  if (!claims || !hinted || !recheck)
    return withSession(
      claims ? await sessionOfClaims(db, claims, db.leagueId) : null,
      token !== null,
      read && recheck !== null,
      context,
      next,
    );
  const verdict = sessionOfClaims(db, claims, db.leagueId);
  gate?.hold(
    verdict.then((session) => {
      if (!sameSession(session, hinted)) throw new Error("The session's hint is stale: this render is thrown away.");
    }),
  );
  context.set(sessionContext, hinted);
  const response = await next();
  const session = await verdict;
  if (sameSession(session, hinted)) return response;
  // Never sent: the Worker renders the request again on the row.
  await response.body?.cancel();
  recheck.again = true;
  recheck.verified = session;
  return response;
};

/** The page on a session read first: a dead token's cookies cleared, a live one's hint set. */
async function withSession(
  session: Session | null,
  hadToken: boolean,
  hint: boolean,
  context: Readonly<RouterContextProvider>,
  next: () => Promise<Response>,
) {
  context.set(sessionContext, session);
  const response = await next();
  if (session) {
    // Not on a redirect: a cookie set there makes React Router reload every loader after
    // it; the page it leads to leaves the hint.
    const redirected = response.status >= 300 && response.status < 400;
    if (hint && !redirected) response.headers.append("Set-Cookie", hintCookie(session));
  } else if (hadToken) {
    // Loaders already saw no session; the browser drops the dead cookies with this reply.
    response.headers.append("Set-Cookie", clearedSessionCookie());
    response.headers.append("Set-Cookie", clearedHintCookie());
  }
  return response;
}

/**
 * Root middleware, after sessionMiddleware: a suspended league's pages answer 403 to everyone
 * but its owner and the operator (ADR 46), who see them with a banner (the root's data). The
 * deployment's own pages (log in, the front door, the operator's page) are not the league's.
 */
export const suspendedLeagueMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const { league } = context.get(servicesContext);
  if (league?.suspendedAt == null || isDeploymentPage(new URL(request.url).pathname)) return next();
  if (!opensSuspended(standingOf(context.get(sessionContext)))) throw data({ message: SUSPENSION_MESSAGES.refused }, { status: 403 });
  return next();
};

const ROOT_ONLY: ReadonlySet<string> = new Set<string>(DEPLOYMENT_PAGES);
/** `/login`, `/login.data`, `/leagues/…`: a deployment page, at the root only. */
const isDeploymentPage = (pathname: string) => ROOT_ONLY.has((pathname.split("/")[1] ?? "").replace(/\.data$/, ""));

type Ctx = Readonly<RouterContextProvider>;

export function optionalSession(context: Ctx): Session | null {
  return context.get(sessionContext);
}

/** Login-guarded routes go to /login. */
export function requireUser(context: Ctx, request: Request): Session {
  const session = context.get(sessionContext);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(rootHref(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`));
  }
  return session;
}

export const NOT_YOUR_ROLE = "Your role in this league does not include this page.";

/**
 * Admin pages (ADR 47): no session → /login; a session with no role in this league → / (as
 * for every non-admin before roles); a role without the capability → 403 with its reason.
 */
export function requireCapability(context: Ctx, _request: Request, capability: Capability): Session {
  const session = context.get(sessionContext);
  if (!session) throw redirect(rootHref("/login"));
  if (can(standingOf(session), capability)) return session;
  // Home is the league's whose page was asked for (ADR 46).
  if (!can(standingOf(session), "runNight")) throw redirect(leagueUrls(context.get(servicesContext).league).href("/"));
  throw data({ message: NOT_YOUR_ROLE }, { status: 403 });
}

/** Whether the request's session holds a capability in its league (no session: no). */
export const sessionCan = (context: Ctx, capability: Capability) => can(standingOf(context.get(sessionContext)), capability);

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
