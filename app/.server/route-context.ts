import { NO_LEAGUE_ID } from "./db/tables/leagues";
import { type MiddlewareFunction, type RouterContext, data } from "react-router";
import { getDb } from "./db/client";
import { appErrorOf } from "./errors";
import type { League } from "./league";
import { cloudflareContext, requestScopeContext, servicesContext } from "~/context";
import { idSchema } from "~/schemas/ids";

export type ContextReader = { get: <T>(key: RouterContext<T>) => T };

const pageNotFound = () => data({ message: "We could not find that page." }, { status: 404 });

/**
 * Root middleware: the database handle and the request's league (the path's, as the Worker
 * placed it: workers/league-path.ts), once per request, for the session check and every
 * loader and action after it. A league's page whose league does not exist is the 404 page,
 * before any read.
 */
export const servicesMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const { env } = context.get(cloudflareContext);
  const { place } = context.get(requestScopeContext);
  if (!place) throw new Error("The Worker places every request in its league before the pages see it");
  if (place.missing) throw pageNotFound();
  context.set(servicesContext, { db: getDb(env.DB, place.league?.id ?? NO_LEAGUE_ID), league: place.league });
  return next();
};

/**
 * What a loader needs from the request context: the database, the request's league, the
 * bindings. Only a deployment page of a deployment without a default league has no league,
 * and none of those reads one: a league's page asking for it there is a 404.
 */
export function routeServices(context: ContextReader) {
  const { env, ctx } = context.get(cloudflareContext);
  const { db, league } = context.get(servicesContext);
  return {
    db,
    env,
    ctx,
    get league(): League {
      if (!league) throw pageNotFound();
      return league;
    },
  };
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
