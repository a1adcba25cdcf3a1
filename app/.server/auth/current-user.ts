import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { claimStatusSql, linkedPlayerSql } from "../services/claim-state";
import { type Role, verifySession } from "./session";

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  linked_player: number | null;
  /** The user's latest claim's status; admins do not get one (spec §6). */
  claimStatus: string | null;
};

export type Session = { user: SessionUser; role: Role };

/** The user as the pages and the /api show it, with claim state; null when unknown. */
export async function loadSessionUser(db: Db, userId: number): Promise<(SessionUser & { locked: boolean; sessionVersion: number }) | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      locked: users.locked,
      sessionVersion: users.sessionVersion,
      linked_player: linkedPlayerSql(),
      claimStatus: claimStatusSql(),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The session behind a token, or null: a bad or expired token, a deleted or locked
 * user, a session ended by a lock or reset (version moved on), or an admin token
 * for a user who is no longer an admin.
 */
export async function authenticate(db: Db, env: Env, token: string): Promise<Session | null> {
  const claimsOfToken = await verifySession(env, token);
  if (!claimsOfToken) return null;
  const user = await loadSessionUser(db, claimsOfToken.userId);
  if (!user || user.locked || user.sessionVersion !== claimsOfToken.sessionVersion) return null;
  if (claimsOfToken.role === "admin" && !user.isAdmin) return null;
  const { locked: _l, sessionVersion: _v, ...sessionUser } = user;
  return { user: sessionUser, role: claimsOfToken.role };
}
