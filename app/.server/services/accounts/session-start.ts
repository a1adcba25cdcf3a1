import { type SessionUser, loadSessionUser } from "../../auth/current-user";
import { type LoginKind, USER_SESSION_SECONDS, signSession } from "../../auth/session";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { isStaff, type LeagueRole } from "~/lib/accounts/roles";

// A session signed for a user who has just proved who they are (a login, a new password):
// the token, and the user and their role in the league as the first page shows them.

export const LOGIN_FAILED = "Invalid email or password";

export type LoginResult = {
  token: string;
  maxAge: number;
  sessionId: string;
  expiresAt: number;
  user: SessionUser;
  leagueId: number;
  leagueRole: LeagueRole | null;
};

/** A session opened by the league's staff (or the operator) is signed as such: a guess the guards check against the rows (ADR 47). */
export const kindOf = (user: { isOperator: boolean; leagueRole: LeagueRole | null }): LoginKind =>
  user.isOperator || isStaff(user.leagueRole) ? "admin" : "user";

/**
 * A session for a user whose session the caller holds (a new password's: its version the
 * one the batch wrote), signed as the same kind without reading the rows again.
 */
export async function signedSession(
  env: Env,
  session: { user: SessionUser; leagueId: number; leagueRole: LeagueRole | null; loginKind: LoginKind },
  sessionVersion: number,
  lifetime = USER_SESSION_SECONDS,
): Promise<LoginResult> {
  const { user, leagueId, leagueRole, loginKind } = session;
  const signed = await signSession(env, { id: user.id, sessionVersion }, loginKind, lifetime);
  return { ...signed, user, leagueId, leagueRole };
}

/** Signs a session of `kind` for a user and returns it with the user and their role in the league. */
export async function startSession(
  db: Db,
  env: Env,
  userId: number,
  leagueId: number,
  kind: LoginKind,
  lifetime = USER_SESSION_SECONDS,
): Promise<LoginResult> {
  const user = await loadSessionUser(db, userId, leagueId);
  if (!user) throw new AppError("unauthorized", LOGIN_FAILED);
  const { locked: _l, sessionVersion, revoked: _r, leagueRole, ...sessionUser } = user;
  const session = await signSession(env, { id: userId, sessionVersion }, kind, lifetime);
  return { ...session, user: sessionUser, leagueId, leagueRole };
}
