import { type SQL, and, eq, gt, isNull, sql } from "drizzle-orm";
import { nowSeconds } from "~/lib/shared/time";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { passwordResets, users } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { LIMITS, consume } from "../../rate-limit";
import { enqueue, newJobId } from "../../jobs";

export const RESET_TOKEN_SECONDS = 60 * 60;
export const INVALID_RESET = "Invalid or expired reset link.";
export const RESET_REQUESTED = "If an account with that email exists, a reset link has been sent.";

/** How a reset token is stored: its SHA-256, so the table alone opens no account. */
export async function hashResetToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A reset request as both front doors take it: the per-client limit (429), then the
 * same work for every address — the per-email count and one queue message. The
 * consumer looks the user up (reset-mail.ts). Over the per-email limit nothing is
 * enqueued, and the caller answers as for any other request: the count is made here,
 * once per request, so a job that runs twice never counts twice.
 */
export async function requestPasswordReset(db: Db, jobs: Queue, email: string, client: string, origin: string): Promise<void> {
  await consume(db, [`reset:ip:${client}`, LIMITS.resetClient]);
  const address = email.trim().toLowerCase();
  try {
    await consume(db, [`reset:email:${address}`, LIMITS.resetEmail]);
  } catch (err) {
    if (err instanceof AppError && err.code === "rate_limited") return;
    throw err;
  }
  await enqueue(jobs, { type: "password-reset", id: newJobId(), email: address, origin });
}

/** A token that is unused, unexpired, and whose user is not locked. */
const liveToken = async (token: string, now: number) =>
  and(
    eq(passwordResets.tokenHash, await hashResetToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
    sql`not exists (select 1 from ${users} where ${users.id} = ${passwordResets.userId} and ${users.locked} = 1)`,
  );

export async function verifyResetToken(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(await liveToken(token, nowSeconds()));
  return !!row;
}

/**
 * Spends every open reset link of a user. Goes in the same batch as any change of the
 * user's password or lock, so a link mailed before it can no longer be used after it.
 */
export function spendOpenResets(db: Db, userId: number, now = nowSeconds(), onlyIf?: SQL) {
  return db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), onlyIf));
}

/**
 * Sets the new password and spends this and every other open link of the user in one
 * atomic batch; the bumped session version ends every session the user had. A used,
 * expired or unknown token, or a locked user, changes nothing.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const now = nowSeconds();
  const where = await liveToken(token, now);
  const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(where);
  if (!row) throw badRequest(INVALID_RESET);
  const passwordHash = await hashPassword(password);
  // Both statements hold only while the token is still live (unused, user unlocked), so
  // two resets racing with one link, or a lock landing meanwhile, change nothing twice.
  const stillLive = sql`exists (select 1 from ${passwordResets} where ${where})`;
  const [, spent] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, row.userId), stillLive)),
    spendOpenResets(db, row.userId, now, stillLive).returning({ id: passwordResets.id }),
  ]);
  if (spent.length === 0) throw badRequest(INVALID_RESET);
}
