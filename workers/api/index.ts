import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { acesApi } from "./aces";
import { adminApi } from "./admin";
import { adminLoginApi } from "./admin-login";
import { claimsApi } from "./claims";
import type { ApiEnv } from "./context";
import { errorResponse } from "./errors";
import { coursesApi } from "./courses";
import { entriesApi } from "./entries";
import { leaguesApi } from "./leagues";
import { messagesApi } from "./messages";
import { liveApi } from "./live";
import { payPalApi } from "./paypal";
import { playersApi } from "./players";
import { pushApi } from "./push";
import { roundNightApi } from "./round-night";
import { roundsApi } from "./rounds";
import { standingsApi } from "./standings";
import { tagsApi } from "./tags";
import { transfersApi } from "./transfers";
import { usersApi } from "./users";
import { waitlistApi } from "./waitlist";
import { rainoutsApi } from "./rainouts";
import { invitesApi, joinApi, leaveApi } from "./league-joining";
import { requestIdOf } from "../request-id";
import { getDb } from "~/.server/db/client";
import { appErrorOf } from "~/.server/errors";
import type { League } from "~/.server/league";
import { placeRequest } from "../league-path";
import { optionalSessionOf } from "./auth";
import { standingOf } from "~/.server/auth/current-user";
import { SUSPENSION_MESSAGES, opensSuspended } from "~/lib/leagues/suspension";

/** Signing in and out are the account's, not the league's: a suspended league's owner signs in through them too. */
const SIGNING_IN: ReadonlySet<string> = new Set(["users/login", "users/logout", "admin/login"]);

// The league the Worker placed each /api request in (ADR 46), handed over beside the request.
const handed = new WeakMap<Request, League>();

/** Hands the /api the league the Worker placed `request` in (workers/route.ts). */
export function handLeague(request: Request, league: League): void {
  handed.set(request, league);
}

/** The request's league: the one handed over, or else the path's (an /api called on its own, as tests do). */
async function leagueOfRequest(request: Request, env: Env): Promise<League | null> {
  const league = handed.get(request);
  if (league) return league;
  const place = await placeRequest(request, env);
  return "answer" in place ? null : place.league;
}

/** One league's /api: the same routes at `/api/…` (the default league) and `/l/{slug}/api/…`. */
const leagueApi = new Hono<ApiEnv>()
  .use(async (c, next) => {
    const league = await leagueOfRequest(c.req.raw, c.env);
    if (!league) return errorResponse(c.req.raw, "not_found", "Not found");
    c.set("db", getDb(c.env.DB, league.id));
    c.set("league", league);
    // A suspended league's /api answers its owner and the operator only (ADR 46).
    if (league.suspendedAt !== null && !SIGNING_IN.has(c.req.path.replace(/^(?:\/l\/[^/]+)?\/api\//, ""))) {
      const session = await optionalSessionOf(c.req.raw, c.var.db, c.env, league.id);
      if (!opensSuspended(standingOf(session))) return errorResponse(c.req.raw, "forbidden", SUSPENSION_MESSAGES.refused);
    }
    await next();
  })
  .route("/rounds", roundNightApi)
  .route("/rounds", roundsApi)
  .route("/rounds", waitlistApi)
  .route("/rounds", rainoutsApi)
  .route("/entries", entriesApi)
  .route("/players", playersApi)
  .route("/ace", acesApi)
  .route("/standings", standingsApi)
  .route("/courses", coursesApi)
  .route("/transfers", transfersApi)
  .route("/users", usersApi)
  .route("/users", leaveApi)
  .route("/push", pushApi)
  .route("/leagues", joinApi)
  .route("/invites", invitesApi)
  .route("/leagues", leaguesApi)
  .route("/claims", claimsApi)
  .route("/messages", messagesApi)
  .route("/paypal", payPalApi)
  .route("/live", liveApi)
  .route("/tags", tagsApi)
  // The login first: every other /api/admin route is behind adminApi's guard.
  .route("/admin", adminLoginApi)
  .route("/admin", adminApi);

/** The /api at its root paths (the default league's): the routes as tests and Hono's list know them. */
export const api = answersErrors(new Hono<ApiEnv>().route("/api", leagueApi));

/** The /api the Worker serves: the same routes at /api/… and at /l/{slug}/api/… (ADR 46). */
export const apiInLeagues = answersErrors(new Hono<ApiEnv>().route("/api", leagueApi).route("/l/:league/api", leagueApi));

/** The one error envelope (ADR 43) for whatever a route refuses, fails at, or does not have. */
function answersErrors(app: Hono<ApiEnv>): Hono<ApiEnv> {
  app.notFound((c) => errorResponse(c.req.raw, "not_found", "Not found"));
  app.onError((err, c) => {
    const req = c.req.raw;
    // A write refused at the request's gate (ADR 42) or by its league's guard (ADR 46) fails
    // with the refusal, which drizzle wraps: the refusal is the answer.
    const refusal = appErrorOf(err);
    if (refusal) return errorResponse(req, refusal.code, refusal.message);
    if (err instanceof ZodError) return errorResponse(req, "bad_request", err.issues[0]?.message ?? "Invalid input");
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own 4xx (for example a body that is not JSON) keep their status.
      return errorResponse(req, "bad_request", err.message || "Bad request", err.status);
    }
    // The id is the answer's too: a screenshot of the error finds this line (ADR 43).
    const failed = errorResponse(req, "internal", "An error occurred. Please try again.");
    console.error(`Unhandled API error (request ${requestIdOf(req)})`, err);
    return failed;
  });
  return app;
}
