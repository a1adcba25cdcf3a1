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
import { liveApi } from "./live";
import { payPalApi } from "./paypal";
import { playersApi } from "./players";
import { roundNightApi } from "./round-night";
import { roundsApi } from "./rounds";
import { standingsApi } from "./standings";
import { tagsApi } from "./tags";
import { transfersApi } from "./transfers";
import { usersApi } from "./users";
import { waitlistApi } from "./waitlist";
import { requestIdOf } from "../request-id";
import { getDb } from "~/.server/db/client";
import { appErrorOf } from "~/.server/errors";
import { leagueFromEnv } from "~/.server/league";

export const api = new Hono<ApiEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    const league = leagueFromEnv(c.env);
    c.set("db", getDb(c.env.DB, league.id));
    c.set("league", league);
    await next();
  })
  .route("/rounds", roundNightApi)
  .route("/rounds", roundsApi)
  .route("/rounds", waitlistApi)
  .route("/entries", entriesApi)
  .route("/players", playersApi)
  .route("/ace", acesApi)
  .route("/standings", standingsApi)
  .route("/courses", coursesApi)
  .route("/transfers", transfersApi)
  .route("/users", usersApi)
  .route("/claims", claimsApi)
  .route("/paypal", payPalApi)
  .route("/live", liveApi)
  .route("/tags", tagsApi)
  // The login first: every other /api/admin route is behind adminApi's guard.
  .route("/admin", adminLoginApi)
  .route("/admin", adminApi);

api.notFound((c) => errorResponse(c.req.raw, "not_found", "Not found"));

api.onError((err, c) => {
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
