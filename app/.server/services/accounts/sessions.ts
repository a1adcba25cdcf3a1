import { eq, lt, sql } from "drizzle-orm";
import type { Session } from "../../auth/current-user";
import type { Db } from "../../db/client";
import { revokedSessions, users } from "../../db/schema";
import { nowSeconds } from "~/lib/shared/time";
import { forgetAccountDevices, forgetSessionDevices } from "./push-subscriptions";

/**
 * "Log out": ends this one session on the server, so its token answers 401 everywhere
 * at once, cookie or Bearer, though it has not expired. Other devices stay logged in.
 * Rows whose tokens have expired anyway are swept in the same batch, and the devices this
 * session turned notifications on for stop getting them (ADR 49).
 */
export async function endSession(db: Db, session: Pick<Session, "sessionId" | "expiresAt" | "user">): Promise<void> {
  await db.batch([
    db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, nowSeconds())),
    db
      .insert(revokedSessions)
      .values({ sid: session.sessionId, userId: session.user.id, expiresAt: session.expiresAt })
      .onConflictDoNothing(),
    forgetSessionDevices(db, session.user.id, session.sessionId),
  ]);
}

/** "Log out everywhere": every token the user holds stops working (ADR 6), and every device of the account stops getting notifications (ADR 49). */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.batch([
    db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId)),
    forgetAccountDevices(db, userId),
  ]);
}
