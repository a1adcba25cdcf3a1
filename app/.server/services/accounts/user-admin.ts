import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { releaseAccountRows } from "../players/account-rows";
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

export async function deleteUser(db: Db, actorId: number, id: number): Promise<void> {
  notSelf(actorId, id, "delete");
  // The leagues' rows that named the account let go of it in the same batch (ADR 46).
  const results = await db.batch([db.delete(users).where(eq(users.id, id)).returning({ id: users.id }), ...releaseAccountRows(db, id)]);
  if (results[0].length === 0) throw notFound("User not found");
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
