import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiEnv, Caller } from "./context";
import { type Session, authenticate, sessionOfClaims } from "~/.server/auth/current-user";
import { readToken, requestClaims } from "~/.server/auth/session";
import { signedInCookies } from "~/.server/auth/session-hint";
import { AppError } from "~/.server/errors";
import { gateOf } from "~/.server/effect-gate";
import type { Db } from "~/.server/db/client";

const NOT_AN_ADMIN = "Not an admin";
const LOG_IN = "Please log in.";

/** The live session behind the request's Bearer token or cookie, or null. */
export async function optionalSessionOf(request: Request, db: Db, env: Env): Promise<Session | null> {
  const found = readToken(request);
  return found ? authenticate(db, env, found.token) : null;
}

const adminOnly = (session: Session) => {
  if (!session.isAdmin) throw new AppError("forbidden", NOT_AN_ADMIN);
  return session;
};

type GuardEnv = ApiEnv & { Variables: { caller: Caller } };

/**
 * A guard (ADR 41, 42): the token is verified (no I/O), then the session's row is asked
 * beside the handler's reads, in the same batch, and decided before anything leaves. The
 * handler runs on what the token claims (`c.var.caller`); a refused session's 401 or 403
 * replaces whatever it made, and nothing it read is sent. A GET has no effects; a write's
 * effects (D1 writes, the live round, queued jobs, PayPal) wait for the verdict at the
 * request's gate (app/.server/effect-gate.ts) and fail with its refusal. Without a gate
 * (an app called outside the Worker) a write decides the session first.
 */
async function guard(c: Context<GuardEnv>, next: () => Promise<void>, check: (s: Session) => Session, role?: "admin") {
  const claims = await requestClaims(c.env, c.req.raw);
  if (!claims) throw new AppError("unauthorized", LOG_IN);
  const verdict = sessionOfClaims(c.var.db, claims).then((session) => {
    if (!session) throw new AppError("unauthorized", LOG_IN);
    return check(session);
  });
  // A token that does not even claim the role the guard asks for is decided before the
  // handler runs (its 401 or 403 as before): only a token that may pass runs it early.
  if (role === "admin" && claims.role !== "admin") await verdict;
  const gate = reads(c.req.method) ? null : gateOf(c.env.DB);
  if (gate) gate.hold(verdict);
  else if (!reads(c.req.method)) await verdict;
  // Caught here so an early refusal is not an unhandled rejection; decided below.
  const decided = verdict.then(
    () => null,
    (refusal: unknown) => refusal,
  );
  // A verdict that passes is the token's word: a live session of this user, an admin's
  // exactly when the token claims one (current-user.ts).
  c.set("caller", { userId: claims.userId, isAdmin: claims.role === "admin", session: verdict });
  await next();
  const refusal = await decided;
  if (refusal) throw refusal;
}

const reads = (method: string) => method === "GET" || method === "HEAD";

/** Any logged-in, unlocked user with a live session. */
export const requireUser = createMiddleware<GuardEnv>((c, next) => guard(c, next, (s) => s));

/** An admin session of a user who is still an admin; the client logs out on 'Not an admin'. */
export const requireAdmin = createMiddleware<GuardEnv>((c, next) => guard(c, next, adminOnly, "admin"));

/** A signed-in answer's cookies: the session's and its hint (app/.server/auth/session-hint.ts). */
export function setSignedIn(c: Context, result: Parameters<typeof signedInCookies>[0]) {
  for (const cookie of signedInCookies(result)) c.header("Set-Cookie", cookie, { append: true });
}
