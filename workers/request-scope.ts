import { type Actor, lazily } from "./audit-actor";
import { withWriteStamps } from "./league-guard";
import { d1LatencyMs } from "./d1-latency";
import { type D1Observation, observeD1 } from "./d1-observer";
import { openSession, sessionBinding } from "./d1-session";
import { observeObjects } from "./object-observer";
import { gatherReads } from "./read-runner";
import { newNonce } from "./response-policy";
import { requestClaims } from "~/.server/auth/session";
import { verifiedNameOf } from "~/.server/auth/current-user";
import { effectGate, gatedSends, registerGate } from "~/.server/effect-gate";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import type { RequestLeague } from "~/.server/league";
import type { RequestScope } from "~/context";

// Step "open": what one request works with. Its D1 binding is the request's D1 session
// (workers/d1-session.ts), which stamps money writes with the request's actor (ADR 20)
// and is observed, so the purge step knows every table it wrote (ADR 11); and its scope
// (the CSP nonce, React's renders). Locally its D1 calls may be made late on purpose
// (D1_LATENCY_MS), to show what its round trips would cost with D1 farther away.

export type OpenRequest = {
  env: Env;
  db: D1Database;
  session: D1DatabaseSession;
  seen: D1Observation;
  scope: RequestScope;
};

/**
 * Who a request acts as, for the audit log: the user its session token names, with the name
 * the session's check read (ADR 46). A write only happens past the route's own guard, which
 * has checked the session in full.
 */
async function actorOfRequest(request: Request, env: Env, reads: D1Database): Promise<Actor> {
  const claims = await requestClaims(env, request);
  if (!claims) return { userId: null, role: "visitor", name: null };
  return { userId: claims.userId, role: claims.role === "admin" ? "admin" : "player", name: verifiedNameOf(reads, claims.userId) };
}

/**
 * The league a request's writes are guarded and purged as: the path's. A deployment page of a
 * deployment without a default league names none; its writes (a profile's mail choices) are
 * the first league's, whose rows every league still shares until they carry their league (ADR 46).
 */
export const leagueIdOf = (place: RequestLeague) => place.league?.id ?? DEFAULT_LEAGUE_ID;

/** A request no path placed (a test's own): the first league's, as every request was before leagues. */
const UNPLACED: RequestLeague = { league: null, missing: false, api: false };

export function openRequest(request: Request, env: Env, place: RequestLeague = UNPLACED): OpenRequest {
  const session = openSession(env.DB, request);
  // Asked only at a money write, and then once: a read never verifies the token here.
  const audited = withWriteStamps(
    sessionBinding(session),
    lazily(() => actorOfRequest(request, env, reads)),
    leagueIdOf(place),
  );
  // Each call late by D1_LATENCY_MS on a local server only (workers/d1-latency.ts).
  const { binding, seen, wait } = observeD1(audited, d1LatencyMs(env));
  // Above the observer: a gathered batch is one call, one trip (ADR 41). Its effects — D1
  // writes, the live round's object, queued jobs, mail, PayPal — wait for a write's guard (ADR 42).
  const gate = effectGate();
  const reads = gatherReads(binding, gate.passed);
  registerGate(reads, gate);
  const observed = {
    ...env,
    DB: reads,
    LIVE_ROUND: observeObjects(env.LIVE_ROUND, wait, gate.passed),
    JOBS: gatedSends(env.JOBS, gate),
    MAIL: gatedSends(env.MAIL, gate),
  };
  return { env: observed, db: reads, session, seen, scope: { nonce: newNonce(), renders: 0, place } };
}

/** The CachedPages entrypoint's request: anonymous reads only (ADR 11), so any replica will do. */
export function openAnonymousRead(request: Request, env: Env, place: RequestLeague): Pick<OpenRequest, "env" | "scope"> {
  const reads = gatherReads(sessionBinding(openSession(env.DB, request)));
  return { env: { ...env, DB: reads }, scope: { nonce: newNonce(), renders: 0, place } };
}
