import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";

// The devices a league's message can be pushed to (ADR 49). Subscriptions are the
// deployment's, tied to accounts: read apart from the league's rows by account ids, as mail
// addresses are (mail/recipients.ts), and never joined to them in SQL.

export type Device = { id: number; userId: number; endpoint: string; p256dh: string; auth: string };

/** The devices of `userIds` (any number: one bound JSON list), unrun. */
export function devicesRead(db: Db, userIds: readonly number[]) {
  return db
    .select({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(sql`${pushSubscriptions.userId} in (select value from json_each(${JSON.stringify(userIds)}))`);
}

/** Forgets devices the push service said are gone (404, 410): by id, so a device subscribed again since keeps its new row. */
export function forgetDevices(db: Db, ids: readonly number[]) {
  return db.delete(pushSubscriptions).where(sql`${pushSubscriptions.id} in (select value from json_each(${JSON.stringify(ids)}))`);
}
