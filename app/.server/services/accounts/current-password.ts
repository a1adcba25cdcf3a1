import { eq } from "drizzle-orm";
import { verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { type Counter, LIMITS, consume, refund } from "./rate-limit";

// The account's password asked again before a change a session alone should not make (a
// scoring PIN, ADR 26). Each check is counted first (ADR 7: 10 per 15 minutes per user, the
// profile's own limit and counter), and a right password gives its count back.

export const WRONG_PASSWORD = "Current password is incorrect";

export async function checkCurrentPassword(db: Db, userId: number, password: string): Promise<void> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("unauthorized", "Please log in again.");
  if (!password) throw badRequest(WRONG_PASSWORD);
  const checks: Counter = [`password-check:user:${userId}`, LIMITS.passwordCheck];
  await consume(db, checks);
  if (!(await verifyPassword(password, row.hash))) throw badRequest(WRONG_PASSWORD);
  await refund(db, checks);
}
