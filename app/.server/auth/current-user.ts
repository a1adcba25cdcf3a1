import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { revokedSessions, users } from "../db/schema";
import { currentClaimQuery } from "../services/players/claim-state";
import { type Role, type SessionClaims, verifySession } from "./session";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The player the user's approved claim links them to. */
  linkedPlayerId: number | null;
  /** The user's latest claim's status; null for admins, who claim no player. */
  claimStatus: string | null;
};

/**
 * A live session: who, as what, and which token (its id and expiry, for logging out).
 * `isAdmin` is decided here once: an admin session of a user who is an admin.
 */
export type Session = { user: SessionUser; role: Role; isAdmin: boolean; sessionId: string; expiresAt: number };

/**
 * The user as the pages and the /api show it, with claim state; null when unknown. The
 * account (the deployment's) and the user's claim (the league's) are two reads asked at
 * once, one trip (ADR 41), never a join: a league's rows do not depend on accounts (ADR 46).
 */
export async function loadSessionUser(
  db: Db,
  userId: number,
  sessionId = "",
): Promise<(SessionUser & { locked: boolean; sessionVersion: number; revoked: boolean }) | null> {
  const [[row], [claim]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        locked: users.locked,
        sessionVersion: users.sessionVersion,
        // In the same query: whether this one session was logged out.
        revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sessionId})`.mapWith(Boolean),
      })
      .from(users)
      .where(eq(users.id, userId)),
    currentClaimQuery(db, userId),
  ]);
  if (!row) return null;
  const { locked, sessionVersion, revoked, ...account } = row;
  return {
    ...account,
    linkedPlayerId: claim?.status === "approved" ? claim.playerId : null,
    // Admins claim no player.
    claimStatus: row.isAdmin ? null : (claim?.status ?? null),
    locked,
    sessionVersion,
    revoked,
  };
}

/**
 * The session behind a token, or null: a bad or expired token, a deleted or locked
 * user, a session ended by a lock, password change or "log out everywhere" (version
 * moved on), a session logged out (revoked), or an admin token for a user who is no
 * longer an admin.
 */
export async function authenticate(db: Db, env: Env, token: string): Promise<Session | null> {
  const claimsOfToken = await verifySession(env, token);
  return claimsOfToken ? sessionOfClaims(db, claimsOfToken) : null;
}

/**
 * The session a verified token stands for, or null: its one read is asked at once, so it
 * goes in the same batch as the reads asked beside it (ADR 41).
 */
export async function sessionOfClaims(db: Db, claimsOfToken: SessionClaims): Promise<Session | null> {
  const user = await loadSessionUser(db, claimsOfToken.userId, claimsOfToken.sessionId);
  if (!user || user.locked || user.revoked || user.sessionVersion !== claimsOfToken.sessionVersion) return null;
  if (claimsOfToken.role === "admin" && !user.isAdmin) return null;
  const { locked: _l, sessionVersion: _v, revoked: _r, ...sessionUser } = user;
  return {
    user: sessionUser,
    role: claimsOfToken.role,
    isAdmin: claimsOfToken.role === "admin" && user.isAdmin,
    sessionId: claimsOfToken.sessionId,
    expiresAt: claimsOfToken.exp,
  };
}
