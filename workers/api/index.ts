import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { acesApi } from "./aces";
import { adminApi } from "./admin";
import { adminLoginApi } from "./admin-login";
import { claimsApi } from "./claims";
import type { ApiEnv } from "./context";
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
import { getDb } from "~/.server/db/client";
import { AppError } from "~/.server/errors";
import { leagueFromEnv } from "~/.server/league";

export const api = new Hono<ApiEnv>()
  .basePath("/api")
  .use(async (c, next) => {
    c.set("db", getDb(c.env.DB));
    c.set("league", leagueFromEnv(c.env));
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

api.notFound((c) => c.json({ error: "Not found", code: "not_found" }, 404));

api.onError((err, c) => {
  if (err instanceof AppError) return c.json({ error: err.message, code: err.code }, err.status);
  // A write refused at the request's gate (ADR 42) fails with the guard's refusal, which
  // drizzle wraps: the refusal is the answer.
  if (err.cause instanceof AppError) return c.json({ error: err.cause.message, code: err.cause.code }, err.cause.status);
  if (err instanceof ZodError) {
    return c.json({ error: err.issues[0]?.message ?? "Invalid input", code: "bad_request" }, 400);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own 4xx (for example a body that is not JSON) keep their status.
    return c.json({ error: err.message || "Bad request", code: "bad_request" }, err.status);
  }
  console.error("Unhandled API error", err);
  return c.json({ error: "An error occurred. Please try again.", code: "internal" }, 500);
});
