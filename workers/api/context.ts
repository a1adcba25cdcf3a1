import { Hono } from "hono";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import type { League } from "~/.server/league";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db; league: League };
};

/**
 * Who calls a route behind a guard, known before any I/O (./auth.ts): the verified token's
 * user, whether it claims an admin's session, and the session to come, read beside the
 * handler's reads. The guard answers for the request only if the session bears the token out.
 */
export type Caller = { userId: number; isAdmin: boolean; session: Promise<Session> };

/** Behind requireAdmin: the admin who calls. */
export type AdminEnv = ApiEnv & { Variables: { caller: Caller } };

/** A sub-app of the API: one per resource, mounted in ./index.ts. */
export const subApp = () => new Hono<ApiEnv>();

/** A sub-app of admin routes: mounted only inside ./admin.ts, behind its guard. */
export const adminSubApp = () => new Hono<AdminEnv>();
