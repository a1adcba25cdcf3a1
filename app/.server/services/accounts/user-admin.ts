import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../auth/password";
import { type Db, inLeague } from "../../db/client";
import { claims, leagues, players, users } from "../../db/schema";
import { USER_ID, claimStatusSql, linkedPlayerSql } from "../players/claim-state";
import { badRequest, conflict, notFound } from "../../errors";
import { emailExists, EMAIL_IN_USE, insertUser } from "./accounts";
import { spendOpenResets } from "./password-reset";
import type { AddUserSchema } from "~/schemas/auth";
import { fullNameSql } from "../../db/player-name";
import type { Committed } from "../../follow-ups";

/** A user as the admin pages list them, with the claim state and linked player. */
export type AdminUser = {
  id: number;
  name: string;
  email: string;
  lastLogin: number | null;
  createdAt: number;
  locked: boolean;
  isOperator: boolean;
  linkedPlayerId: number | null;
  linkedPlayerName: string | null;
  claimStatus: string | null;
};

/** A claim the user made, with the claimed player's name. */
export type UserClaim = {
  id: number;
  playerId: number;
  status: string;
  note: string | null;
  createdAt: number;
  firstName: string;
  lastName: string;
};

export type AdminUserDetail = AdminUser & { claims: UserClaim[] };

// The claim columns read the request's league's claims (ADR 46): an account has one per league it plays in.
const adminUserColumns = (db: Db) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  locked: users.locked,
  isOperator: users.isOperator,
  linkedPlayerId: linkedPlayerSql(db),
  linkedPlayerName: sql<string | null>`(select ${fullNameSql("p")} from claims c join players p on p.id = c.player_id
    where c.user_id = ${USER_ID} and c.league_id = ${db.leagueId} and c.status = 'approved')`,
  claimStatus: claimStatusSql(db),
});

export async function listUsers(db: Db): Promise<AdminUser[]> {
  return db.select(adminUserColumns(db)).from(users).orderBy(users.name, users.id);
}

export async function getUserDetail(db: Db, id: number): Promise<AdminUserDetail> {
  // Asked together (one trip); the 404 still wins.
  const [[user], claimList] = await Promise.all([
    db.select(adminUserColumns(db)).from(users).where(eq(users.id, id)),
    db
      .select({
        id: claims.id,
        playerId: claims.playerId,
        status: claims.status,
        note: claims.note,
        createdAt: claims.createdAt,
        firstName: players.firstName,
        lastName: players.lastName,
      })
      .from(claims)
      .innerJoin(players, eq(players.id, claims.playerId))
      .where(and(inLeague(db, claims), eq(claims.userId, id)))
      .orderBy(desc(claims.createdAt)),
  ]);
  if (!user) throw notFound("User not found");
  return { ...user, claims: claimList };
}

function notSelf(actorId: number, targetId: number, what: string) {
  if (actorId === targetId) throw badRequest(`You cannot ${what} your own account`);
}

/** Lock or unlock; a lock also ends every live session and spends every open reset link at once. */
export async function setLocked(db: Db, actorId: number, id: number, locked: boolean): Promise<void> {
  if (!locked) {
    const [row] = await db.update(users).set({ locked }).where(eq(users.id, id)).returning({ id: users.id });
    if (!row) throw notFound("User not found");
    return;
  }
  notSelf(actorId, id, "lock");
  const [rows] = await db.batch([
    db
      .update(users)
      .set({ locked, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id }),
    spendOpenResets(db, id),
  ]);
  if (rows.length === 0) throw notFound("User not found");
}

/**
 * Deletes an account: the deployment's rows in one batch (the account; its sessions, resets
 * and roles go with it by their foreign keys), and one job per league to let go of it in the
 * league's rows (ADR 46), returned for the runner (ADR 44). Every league whose rows are in this
 * database gets one (active or frozen: a frozen league's job is refused by its guard and
 * retried by the queue), not only those the account touched: finding those here would scan
 * every league's entries and side pot marks at once (no index names who checked in or marked),
 * where a league the account never touched costs one background batch over its own rows that
 * changes nothing.
 * Until a league's job runs, its rows name an id with no account, which its pages show as no one.
 */
export async function deleteUser(db: Db, actorId: number, id: number): Promise<Committed<void>> {
  notSelf(actorId, id, "delete");
  const [deleted, leagueRows] = await db.batch([
    db.delete(users).where(eq(users.id, id)).returning({ id: users.id }),
    db.select({ id: leagues.id }).from(leagues).where(ne(leagues.status, "moved")).orderBy(leagues.id),
  ]);
  if (deleted.length === 0) throw notFound("User not found");
  return { value: undefined, followUps: [{ kind: "release-account", userId: id, leagueIds: leagueRows.map((l) => l.id) }] };
}

/** A readable random password that meets the policy (upper, lower, digit, 14 chars). */
function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(11));
  const body = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${body}Aa7`;
}

/** Sets a new random password, ends the user's sessions and reset links, and returns it (shown once). */
export async function adminResetPassword(db: Db, id: number): Promise<string> {
  const newPassword = generatePassword();
  const passwordHash = await hashPassword(newPassword);
  const [rows] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, id))
      .returning({ id: users.id }),
    spendOpenResets(db, id),
  ]);
  if (rows.length === 0) throw notFound("User not found");
  return newPassword;
}

export async function addUser(db: Db, input: z.infer<typeof AddUserSchema>): Promise<{ id: number; newPassword?: string }> {
  if (await emailExists(db, input.email)) throw conflict(EMAIL_IN_USE);
  const newPassword = input.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(input.password ?? newPassword ?? generatePassword());
  const { id } = await insertUser(db, { email: input.email, name: input.name, passwordHash, isOperator: input.isAdmin });
  return { id, newPassword };
}
