import { eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { leagues, users } from "../../db/schema";
import type { Committed } from "../../follow-ups";
import { badRequest, conflict, notFound } from "../../errors";
import { emailExists, EMAIL_IN_USE, insertUser } from "./accounts";
import { spendOpenResets } from "./password-reset";
import type { AddUserSchema } from "~/schemas/auth";

// What the operator does to an account (ADR 47); the lists of accounts are ./user-list.ts.

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
