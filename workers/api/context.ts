import { Hono } from "hono";
import type { Session } from "~/.server/auth/current-user";
import type { Db } from "~/.server/db/client";
import type { League } from "~/.server/league";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db; league: League };
};

/** Behind requireAdmin: the admin's session is always there. */
export type AdminEnv = ApiEnv & { Variables: { session: Session } };

/** A sub-app of the API: one per resource, mounted in ./index.ts. */
export const subApp = () => new Hono<ApiEnv>();

/** A sub-app of admin routes: mounted only inside ./admin.ts, behind its guard. */
export const adminSubApp = () => new Hono<AdminEnv>();
