import { type MiddlewareFunction, type RouterContext, data } from "react-router";
import { getDb } from "./db/client";
import { appErrorOf } from "./errors";
import { leagueFromEnv } from "./league";
import { cloudflareContext, servicesContext } from "~/context";
import { idSchema } from "~/schemas/ids";

export type ContextReader = { get: <T>(key: RouterContext<T>) => T };

/**
 * Root middleware: the database handle and the checked league settings, once per
 * request, for the session check and every loader and action after it.
 */
export const servicesMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const { env } = context.get(cloudflareContext);
  const league = leagueFromEnv(env);
  context.set(servicesContext, { db: getDb(env.DB, league.id), league });
  return next();
};

/** What a loader needs from the request context: the database, the league settings, the bindings. */
export function routeServices(context: ContextReader) {
  const { env, ctx } = context.get(cloudflareContext);
  return { ...context.get(servicesContext), env, ctx };
}

/** Runs a service call, turning its AppError into the route's error response (404, 400…). */
export async function orRouteError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const refusal = appErrorOf(err);
    if (refusal) throw data({ message: refusal.message }, { status: refusal.status });
    throw err;
  }
}

/** A positive integer id from the URL (the /api's id schema), or the route's 400 error. */
export async function routeId(raw: string | undefined, what: string): Promise<number> {
  const parsed = idSchema(what).safeParse(raw);
  if (!parsed.success) throw data({ message: parsed.error.issues[0]?.message ?? `Invalid ${what}` }, { status: 400 });
  return parsed.data;
}
