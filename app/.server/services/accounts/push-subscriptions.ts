import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";
import { AppError } from "../../errors";
import type { PushSubscriptionInput } from "../../push/web-push";
import { MAX_PUSH_DEVICES, PUSH_WORDS } from "~/lib/accounts/push-words";

// An account's devices that take push messages (ADR 49): the deployment's rows, not a
// league's. A device is its endpoint: posting it again moves it to the account and session
// that posted it (a shared tablet signed in by someone else) and marks it checked now.
// Logging out lets go of the session's devices, logging out everywhere of all the
// account's (./sessions.ts), deleting the account of all of them (the foreign key).

export const PUSH_MESSAGES = { notSetUp: PUSH_WORDS.notSetUp, notYours: PUSH_WORDS.notYours } as const;

export type KeepSubscription = { userId: number; sessionId: string; subscription: PushSubscriptionInput };

/**
 * Keeps the device for this account and session (a subscription already checked): new,
 * or kept and moved, checked now. Past MAX_PUSH_DEVICES the account's least recently checked
 * device goes, never this one. One batch: twenty posts of one device at once make one row.
 */
export async function keepSubscription(db: Db, { userId, sessionId, subscription }: KeepSubscription): Promise<{ created: boolean }> {
  const { endpoint, keys } = subscription;
  const sid = sessionId || null;
  const [existing] = await db.batch([
    db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    db
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, sid })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth, sid, checkedAt: sql`(unixepoch())` },
      }),
    // The account's devices past the limit, least recently checked first; this one is kept.
    db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.userId, userId),
        sql`${pushSubscriptions.id} not in (select id from ${pushSubscriptions} where user_id = ${userId}
          order by endpoint = ${endpoint} desc, checked_at desc, id desc limit ${MAX_PUSH_DEVICES})`,
      ),
    ),
  ]);
  return { created: existing.length === 0 };
}

/** Forgets one of the account's devices; another account's endpoint, or none, is a 404 and changes nothing. */
export async function forgetSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError("not_found", PUSH_MESSAGES.notYours);
}

/** The statement that lets go of the devices one session subscribed: in the batch that ends it. */
export const forgetSessionDevices = (db: Db, userId: number, sessionId: string) =>
  db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.sid, sessionId)));

/** The statement that lets go of all the account's devices: in the batch that ends every session. */
export const forgetAccountDevices = (db: Db, userId: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
