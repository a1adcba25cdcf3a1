import { type SQL, eq, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { rateLimits } from "./db/schema";
import { AppError } from "./errors";
import { nowSeconds } from "~/lib/shared/time";

// Abuse limits (ADR 7). Windows are short (15 min to 1 h) so an attacker hammering
// someone's email can delay them, never lock them out for long. Every attempt is
// counted before the costly work (a password check) runs, with one atomic upsert per
// key, so a burst of parallel requests can never get more attempts evaluated than the limit.
export const LIMITS = {
  /** Wrong passwords for one account from one client. */
  loginAccountClient: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from all clients it has never logged in from. */
  loginAccount: { max: 30, windowSeconds: 15 * 60 },
  /** Wrong passwords from one client, whatever the account. */
  loginClient: { max: 50, windowSeconds: 15 * 60 },
  /** How long a client that logged in counts as the account's own (exempt from loginAccount). */
  knownClient: { max: 1, windowSeconds: 30 * 24 * 60 * 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  /** Reset requests for one email address, counted by the request (never by the job, which may run twice). */
  resetEmail: { max: 5, windowSeconds: 60 * 60 },
  resetClient: { max: 20, windowSeconds: 60 * 60 },
  /** "Is this email registered?" from one client: enough for a person filling a form. */
  checkEmail: { max: 20, windowSeconds: 60 * 60 },
  /** Current-password checks of one signed-in user (a stolen session guessing the password). */
  passwordCheck: { max: 10, windowSeconds: 15 * 60 },
  /** Player records users add for themselves from one client (ADR 23): a league night's newcomers. */
  ownPlayerClient: { max: 10, windowSeconds: 24 * 60 * 60 },
  /** Wrong scoring PINs (ADR 26) from one cardmate, and from one client, whatever the round. */
  pinCardmate: { max: 20, windowSeconds: 24 * 60 * 60 },
  pinClient: { max: 50, windowSeconds: 24 * 60 * 60 },
  /** Tries at a league's join code from one client (each join counts, right or wrong): enough for a person, too few to guess. */
  joinCode: { max: 20, windowSeconds: 60 * 60 },
  /** Leagues a user starts at /leagues/new in a day, and from one client whoever is signed in. */
  leagueStartUser: { max: 3, windowSeconds: 24 * 60 * 60 },
  leagueStartClient: { max: 10, windowSeconds: 24 * 60 * 60 },
} as const;

type Limit = { max: number; windowSeconds: number };
export type Counter = readonly [key: string, limit: Limit];

export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

/** One atomic count for `key` (SQL may choose the key as it counts); answers the key and its count. */
export function hitStatement(db: Db, key: string | SQL, limit: Limit, now: number) {
  const stale = now - limit.windowSeconds;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${stale} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${stale} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count });
}

/** Counts one event for `key` and returns the count within its window (atomic upsert). */
export async function hit(db: Db, key: string, limit: Limit, now = nowSeconds()): Promise<number> {
  const [row] = await hitStatement(db, key, limit, now);
  return row?.count ?? 1;
}

/**
 * Counts one attempt against every counter in one atomic batch, and refuses with 429
 * when any of them is now over its limit. Call it before the work it guards.
 */
export async function consume(db: Db, ...counters: Counter[]): Promise<void> {
  const counts = await countEach(db, ...counters);
  if (counts.some((count, i) => count > counters[i][1].max)) throw new AppError("rate_limited", TOO_MANY);
}

/** Counts one attempt against every counter in one atomic batch, as consume does: each one's count within its window. */
export async function countEach(db: Db, ...counters: Counter[]): Promise<number[]> {
  if (counters.length === 0) return [];
  const now = nowSeconds();
  const [first, ...rest] = counters.map(([key, limit]) => hitStatement(db, key, limit, now));
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.count ?? 1);
}

/** Gives back an attempt that turned out fine (a right password), so only failures add up. */
export async function refund(db: Db, ...counters: Counter[]): Promise<void> {
  // Each counter is its own row: the updates are sent together (one round trip, ADR 41).
  await Promise.all(
    counters.map(([key]) =>
      db
        .update(rateLimits)
        .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key)),
    ),
  );
}

export async function clearLimit(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Whether `key` was counted within the last `limit.windowSeconds` (a remembered fact), as SQL. */
export const seenWithinSql = (key: string, limit: Limit, now = nowSeconds()) =>
  sql`exists (select 1 from ${rateLimits} k where k.key = ${key} and k.window_start > ${now - limit.windowSeconds})`;

/** Remembers `key` from now on (restarts its window). */
export async function remember(db: Db, key: string, now = nowSeconds()) {
  await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, windowStart: now } });
}
