import { Hono } from "hono";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import type { League } from "~/.server/league";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db; league: League };
};

/** What a GET behind a guard knows before any I/O: the token's user, and the session to come (./auth.ts). */
export type Reader = { userId: number; session: Promise<Session> };

/**
 * Behind requireAdmin: a write's handler has the admin's session; a GET's has its reader
 * (workers/api/auth.ts), whose session is decided beside the handler's reads.
 */
export type AdminEnv = ApiEnv & { Variables: { session: Session; reader: Reader } };

/** A sub-app of the API: one per resource, mounted in ./index.ts. */
export const subApp = () => new Hono<ApiEnv>();

/** A sub-app of admin routes: mounted only inside ./admin.ts, behind its guard. */
export const adminSubApp = () => new Hono<AdminEnv>();
