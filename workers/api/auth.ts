import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { capabilityOfCall } from "./admin-access";
import type { ApiEnv, Caller } from "./context";
import { type Session, authenticate, sessionOfClaims, standingOf } from "~/.server/auth/current-user";
import { readToken, requestClaims } from "~/.server/auth/session";
import { signedInCookies } from "~/.server/auth/session-hint";
import { AppError } from "~/.server/errors";
import { gateOf, guardReads } from "~/.server/effect-gate";
import type { Db } from "~/.server/db/client";
import { type Capability, can } from "~/lib/accounts/roles";

export const NOT_AN_ADMIN = "Not an admin";
/** A role in this league, without the one this call needs: not "Not an admin", which logs the spec's client out. */
export const NOT_YOUR_ROLE = "Your role in this league does not allow this.";
const LOG_IN = "Please log in.";

/** The live session behind the request's Bearer token or cookie in the request's league, or null. */
export async function optionalSessionOf(request: Request, db: Db, env: Env, leagueId: number): Promise<Session | null> {
  const found = readToken(request);
  return found ? authenticate(db, env, found.token, leagueId) : null;
}

/** The session, if it holds `capability` in its league (ADR 47); the 403 says whether it holds a role at all. */
export function allowed(session: Session, capability: Capability | null): Session {
  const standing = standingOf(session);
  if (capability ? can(standing, capability) : standing?.isOperator) return session;
  throw new AppError("forbidden", can(standing, "runNight") ? NOT_YOUR_ROLE : NOT_AN_ADMIN);
}

/**
 * The pattern of the route that answers this request (not a middleware's "*"), as `api.routes`
 * names it: a league's own address (`/l/:league/api/…`, ADR 46) is the same route as `/api/…`.
 */
const answeringPattern = (c: Context) =>
  (matchedRoutes(c).find((r) => r.method !== "ALL")?.path ?? "").replace(/^\/l\/:league(?=\/api\/)/, "");

type GuardEnv = ApiEnv & { Variables: { caller: Caller } };

/**
 * A guard (ADR 41, 42, 47): the token is verified (no I/O), then the session's rows (the
 * account, the membership in the request's league) are asked beside the handler's reads, in
 * the same batch, and decided before anything leaves. A refused session's 401 or 403 replaces
 * whatever the handler made, and nothing it read is sent. A GET has no effects; a write's
 * effects (D1 writes, the live round, queued jobs, PayPal) wait for the verdict at the
 * request's gate (app/.server/effect-gate.ts) and fail with its refusal. Without a gate (an
 * app called outside the Worker) a write decides the session first.
 *
 * The token's role claim grants nothing. It says how the session was opened (./auth's
 * login kinds), and is used as a guess only: an admin call on a token that was not opened
 * by a league's staff is decided before its handler runs, and a handler that takes a staff
 * path on the guess (`caller.actsAsStaff()`) is refused unless the rows bear it out.
 */
async function guard(c: Context<GuardEnv>, next: () => Promise<void>, capability: (c: Context) => Capability | null | undefined) {
  const claims = await requestClaims(c.env, c.req.raw);
  if (!claims) throw new AppError("unauthorized", LOG_IN);
  const needs = capability(c);
  const session = sessionOfClaims(c.var.db, claims, c.var.league.id).then((s) => {
    if (!s) throw new AppError("unauthorized", LOG_IN);
    return s;
  });
  const verdict = needs === undefined ? session : session.then((s) => allowed(s, needs));
  // Settled now and thrown after the handler (below): a refusal that comes while the handler
  // still waits on other I/O (the live round's object) is not an unhandled rejection meanwhile.
  verdict.catch(() => undefined);
  // A token not opened as staff's is decided before an admin handler runs (its 401 or 403
  // as before): only a token that may pass runs it early.
  if (needs !== undefined && claims.role !== "admin") await verdict;
  guardReads(c.env.DB, verdict);
  const gate = reads(c.req.method) ? null : gateOf(c.env.DB);
  if (gate) gate.hold(verdict);
  else if (!reads(c.req.method)) await verdict;
  const checks: Promise<unknown>[] = [verdict];
  const staff = claims.role === "admin";
  c.set("caller", {
    userId: claims.userId,
    session: verdict,
    actsAsStaff: () => {
      if (!staff) return false;
      const night = verdict.then((s) => allowed(s, "runNight"));
      night.catch(() => undefined);
      gate?.hold(night);
      checks.push(night);
      return true;
    },
  });
  await next();
  // The refusal, if any, replaces what the handler made.
  const refusal = await Promise.all(checks).then(
    () => null,
    (err: unknown) => err,
  );
  if (refusal) throw refusal;
}

const reads = (method: string) => method === "GET" || method === "HEAD";

/** Any logged-in, unlocked user with a live session. */
export const requireUser = createMiddleware<GuardEnv>((c, next) => guard(c, next, () => undefined));

/**
 * An admin call: a live session whose role in the request's league holds the capability the
 * call needs (./admin-access.ts; the operator holds every one). The client logs out on 'Not an admin'.
 */
export const requireAdmin = createMiddleware<GuardEnv>((c, next) =>
  guard(c, next, (ctx) => capabilityOfCall(ctx.req.method === "HEAD" ? "GET" : ctx.req.method, answeringPattern(ctx))),
);

/** A signed-in answer's cookies: the session's and its hint (app/.server/auth/session-hint.ts). */
export function setSignedIn(c: Context, result: Parameters<typeof signedInCookies>[0]) {
  for (const cookie of signedInCookies(result)) c.header("Set-Cookie", cookie, { append: true });
}
