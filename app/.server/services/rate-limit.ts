import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "../errors";

// Abuse limits for logins, registrations and reset requests. Windows are short (15 min)
// so an attacker hammering someone's email can delay them, never lock them out for long.
export const LIMITS = {
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  loginClient: { max: 50, windowSeconds: 15 * 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  resetAccount: { max: 5, windowSeconds: 60 * 60 },
  resetClient: { max: 20, windowSeconds: 60 * 60 },
} as const;

type Limit = (typeof LIMITS)[keyof typeof LIMITS];

export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

/** Counts one event for `key` and returns the count within its window (atomic upsert). */
export async function hit(db: Db, key: string, limit: Limit, now = Math.floor(Date.now() / 1000)): Promise<number> {
  const stale = now - limit.windowSeconds;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${stale} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${stale} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Refuses with 429 when `key` already used up its window. */
export async function assertUnderLimit(db: Db, key: string, limit: Limit, now = Math.floor(Date.now() / 1000)) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (row && row.windowStart > now - limit.windowSeconds && row.count >= limit.max) {
    throw new AppError("rate_limited", TOO_MANY);
  }
}

/** Counts an event and refuses it when it goes over the limit. */
export async function consume(db: Db, key: string, limit: Limit) {
  if ((await hit(db, key, limit)) > limit.max) throw new AppError("rate_limited", TOO_MANY);
}

export async function clearLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The client's address as Cloudflare reports it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
