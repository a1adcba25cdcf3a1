import { eq } from "drizzle-orm";
import { verifyPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, badRequest } from "../../errors";
import { type Counter, LIMITS, consume, refund } from "../../rate-limit";
import { settled, settledValue } from "~/lib/shared/settled";

// The account's password asked again before a change a session alone should not make (a
// scoring PIN, ADR 26). Each check is counted first (ADR 7: 10 per 15 minutes per user, the
// profile's own limit and counter), and a right password gives its count back.

export const WRONG_PASSWORD = "Current password is incorrect";

/** `then`: the change the password allows, sent with the count's refund once the password is right (one trip). */
export async function checkCurrentPassword(db: Db, userId: number, password: string, then?: () => Promise<unknown>): Promise<void> {
  const checks: Counter = [`password-check:user:${userId}`, LIMITS.passwordCheck];
  // The hash read and the check counted together (one trip, ADR 41), the count's 429 kept
  // until the checks before it are decided; an empty password is refused uncounted.
  const [[row], counted] = await Promise.all([
    db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)),
    password ? settled(consume(db, checks)) : null,
  ]);
  if (!row) throw new AppError("unauthorized", "Please log in again.");
  if (!password || !counted) throw badRequest(WRONG_PASSWORD);
  settledValue(counted);
  if (!(await verifyPassword(password, row.hash))) throw badRequest(WRONG_PASSWORD);
  await Promise.all([refund(db, checks), then?.()]);
}
