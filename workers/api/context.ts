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
 * user and the session to come, read beside the handler's reads. `actsAsStaff()` is whether
 * the handler may take a league staff's path (the token was opened by staff); once asked, the
 * guard answers only if the session's role in the league runs the night (ADR 47).
 */
export type Caller = { userId: number; session: Promise<Session>; actsAsStaff: () => boolean };

/** Behind requireAdmin: the admin who calls. */
export type AdminEnv = ApiEnv & { Variables: { caller: Caller } };

/** A sub-app of the API: one per resource, mounted in ./index.ts. */
export const subApp = () => new Hono<ApiEnv>();

/** A sub-app of admin routes: mounted only inside ./admin.ts, behind its guard. */
export const adminSubApp = () => new Hono<AdminEnv>();
