import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiEnv, Reader } from "./context";
import { type Session, authenticate, sessionOfClaims } from "~/.server/auth/current-user";
import { readToken, requestClaims } from "~/.server/auth/session";
import { signedInCookies } from "~/.server/auth/session-hint";
import { AppError } from "~/.server/errors";
import type { Db } from "~/.server/db/client";

const NOT_AN_ADMIN = "Not an admin";
const LOG_IN = "Please log in.";

/** The live session behind the request's Bearer token or cookie, or null. */
export async function optionalSessionOf(request: Request, db: Db, env: Env): Promise<Session | null> {
  const found = readToken(request);
  return found ? authenticate(db, env, found.token) : null;
}

async function sessionOf(request: Request, db: Db, env: Env): Promise<Session> {
  const session = await optionalSessionOf(request, db, env);
  if (!session) throw new AppError("unauthorized", LOG_IN);
  return session;
}

const adminOnly = (session: Session) => {
  if (!session.isAdmin) throw new AppError("forbidden", NOT_AN_ADMIN);
  return session;
};

type GuardEnv = ApiEnv & { Variables: { session: Session; reader: Reader } };

/**
 * A GET's guard (ADR 41): the token is verified (no I/O), then the session's row is asked
 * beside the handler's reads, in the same batch, and decided before the answer leaves: a
 * refused session's 401 or 403 replaces whatever the handler made, and nothing it read is
 * sent. A GET never writes, so running the handler first changes nothing. Handlers behind
 * it read the user from `c.var.reader` (its id from the token, its session awaited).
 */
async function guardRead(c: Context<GuardEnv>, next: () => Promise<void>, check: (s: Session) => Session, role?: "admin") {
  const claims = await requestClaims(c.env, c.req.raw);
  if (!claims) throw new AppError("unauthorized", LOG_IN);
  const verdict = sessionOfClaims(c.var.db, claims).then((session) => {
    if (!session) throw new AppError("unauthorized", LOG_IN);
    return check(session);
  });
  // A token that does not even claim the role the guard asks for is decided before the
  // handler runs (its 401 or 403 as before): only a token that may pass runs it early.
  if (role === "admin" && claims.role !== "admin") await verdict;
  // Caught here so an early refusal is not an unhandled rejection; decided below.
  const decided = verdict.then(
    () => null,
    (refusal: unknown) => refusal,
  );
  c.set("reader", { userId: claims.userId, session: verdict });
  await next();
  const refusal = await decided;
  if (refusal) throw refusal;
}

const reads = (method: string) => method === "GET" || method === "HEAD";

/** Any logged-in, unlocked user with a live session. */
export const requireUser = createMiddleware<GuardEnv>(async (c, next) => {
  if (reads(c.req.method)) return guardRead(c, next, (s) => s);
  c.set("session", await sessionOf(c.req.raw, c.var.db, c.env));
  await next();
});

/** An admin session of a user who is still an admin; the client logs out on 'Not an admin'. */
export const requireAdmin = createMiddleware<GuardEnv>(async (c, next) => {
  if (reads(c.req.method)) return guardRead(c, next, adminOnly, "admin");
  c.set("session", adminOnly(await sessionOf(c.req.raw, c.var.db, c.env)));
  await next();
});

/** A signed-in answer's cookies: the session's and its hint (app/.server/auth/session-hint.ts). */
export function setSignedIn(c: Context, result: Parameters<typeof signedInCookies>[0]) {
  for (const cookie of signedInCookies(result)) c.header("Set-Cookie", cookie, { append: true });
}
