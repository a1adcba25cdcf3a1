import { Hono } from "hono";
import type { Db } from "~/.server/db/client";
import type { League } from "~/.server/league";

export type ApiEnv = {
  Bindings: Env;
  Variables: { db: Db; league: League };
};

/** A sub-app of the API: one per resource, mounted in ./index.ts. */
export const subApp = () => new Hono<ApiEnv>();
