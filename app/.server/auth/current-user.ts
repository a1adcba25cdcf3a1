import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberships, revokedSessions, users } from "../db/schema";
import { currentClaimQuery } from "../services/players/claim-state";
import { type LoginKind, type SessionClaims, verifySession } from "./session";
import type { LeagueRole } from "~/lib/accounts/roles";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  /** The deployment's operator (ADR 47): every capability in every league. */
  isOperator: boolean;
  /** The player the user's approved claim links them to. */
  linkedPlayerId: number | null;
  /** The user's latest claim's status; null for operators, who claim no player. */
  claimStatus: string | null;
};

/**
 * A live session: who, their role in the request's league (read from its membership row,
 * never from the token), how they logged in (the token's `role` claim: it decides the
 * session's lifetime and grants nothing), and which token (its id and expiry, for logging out).
 */
export type Session = {
  user: SessionUser;
  leagueId: number;
  leagueRole: LeagueRole | null;
  loginKind: LoginKind;
  sessionId: string;
  expiresAt: number;
};

/** A session's standing for the capability table (app/lib/accounts/roles.ts). */
export const standingOf = (session: Session | null) =>
  session ? { isOperator: session.user.isOperator, leagueRole: session.leagueRole } : null;

/**
 * The user as the pages and the /api show it, with claim state and their role in the
 * league; null when unknown. The account and the membership (the deployment's) and the
 * user's claim (the league's) are reads asked at once, one trip (ADR 41), never a join:
 * a league's rows do not depend on accounts (ADR 46).
 */
export async function loadSessionUser(
  db: Db,
  userId: number,
  leagueId: number,
  sessionId = "",
): Promise<(SessionUser & { leagueRole: LeagueRole | null; locked: boolean; sessionVersion: number; revoked: boolean }) | null> {
  const [[row], [claim], [membership]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isOperator: users.isOperator,
        locked: users.locked,
        sessionVersion: users.sessionVersion,
        // In the same query: whether this one session was logged out.
        revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sessionId})`.mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.id, userId)),
    currentClaimQuery(db, userId),
    db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.leagueId, leagueId), eq(memberships.userId, userId))),
  ]);
  if (!row) return null;
  const { locked, sessionVersion, revoked, ...account } = row;
  return {
    ...account,
    linkedPlayerId: claim?.status === "approved" ? claim.playerId : null,
    // Operators claim no player.
    claimStatus: row.isOperator ? null : (claim?.status ?? null),
    leagueRole: membership?.role ?? null,
    locked,
    sessionVersion,
    revoked,
  };
}

// The accounts whose sessions a request verified, by name, found by the request's D1 binding
// (as its effect gate is, app/.server/effect-gate.ts). The audit log's actor takes its name
// from here as a write runs (workers/request-scope.ts), not from `users` inside the league's
// batch: accounts are the deployment's (ADR 46). A write waits for its guard, which verified
// the session, so the name is here by then.
const verifiedNames = new WeakMap<object, Map<number, string>>();

function noteVerified(binding: object, user: { id: number; name: string }) {
  const names = verifiedNames.get(binding) ?? new Map<number, string>();
  names.set(user.id, user.name);
  verifiedNames.set(binding, names);
}

/** The name of the account whose session the request with this D1 binding verified; null if it verified none. */
export const verifiedNameOf = (binding: object, userId: number): string | null => verifiedNames.get(binding)?.get(userId) ?? null;

/**
 * The session behind a token in a league, or null: a bad or expired token, a deleted or
 * locked user, a session ended by a lock, password change or "log out everywhere" (version
 * moved on), or a session logged out (revoked).
 */
export async function authenticate(db: Db, env: Env, token: string, leagueId: number): Promise<Session | null> {
  const claimsOfToken = await verifySession(env, token);
  return claimsOfToken ? sessionOfClaims(db, claimsOfToken, leagueId) : null;
}

/**
 * The session a verified token stands for in a league, or null: its reads are asked at
 * once, so they go in the same batch as the reads asked beside them (ADR 41). The token's
 * role claim is not looked at: what the user may do is what the rows say (ADR 47).
 */
export async function sessionOfClaims(db: Db, claimsOfToken: SessionClaims, leagueId: number): Promise<Session | null> {
  const user = await loadSessionUser(db, claimsOfToken.userId, leagueId, claimsOfToken.sessionId);
  if (!user || user.locked || user.revoked || user.sessionVersion !== claimsOfToken.sessionVersion) return null;
  const { locked: _l, sessionVersion: _v, revoked: _r, leagueRole, ...sessionUser } = user;
  noteVerified(db.$client, sessionUser);
  return {
    user: sessionUser,
    leagueId,
    leagueRole,
    loginKind: claimsOfToken.role,
    sessionId: claimsOfToken.sessionId,
    expiresAt: claimsOfToken.exp,
  };
}
