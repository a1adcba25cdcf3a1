import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "./context";
import { type Session, authenticate } from "~/.server/auth/current-user";
import { readToken } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import type { Db } from "~/.server/db/client";

const NOT_AN_ADMIN = "Not an admin";

/** The live session behind the request's Bearer token or cookie, or null. */
export async function optionalSessionOf(request: Request, db: Db, env: Env): Promise<Session | null> {
  const found = readToken(request);
  return found ? authenticate(db, env, found.token) : null;
}

async function sessionOf(request: Request, db: Db, env: Env): Promise<Session> {
  const session = await optionalSessionOf(request, db, env);
  if (!session) throw new AppError("unauthorized", "Please log in.");
  return session;
}

/** Any logged-in, unlocked user with a live session. */
export const requireUser = createMiddleware<ApiEnv & { Variables: { session: Session } }>(async (c, next) => {
  c.set("session", await sessionOf(c.req.raw, c.var.db, c.env));
  await next();
});

/** An admin session of a user who is still an admin; the client logs out on 'Not an admin'. */
export const requireAdmin = createMiddleware<ApiEnv & { Variables: { session: Session } }>(async (c, next) => {
  const session = await sessionOf(c.req.raw, c.var.db, c.env);
  if (!session.isAdmin) throw new AppError("forbidden", NOT_AN_ADMIN);
  c.set("session", session);
  await next();
});
