import { type Actor, withAuditActor } from "../audit-actor";
import { observeD1 } from "../d1-observer";
import { sessionBinding } from "../d1-session";
import { pageCacheMode } from "../page-cache";
import { purgeWrites } from "../purge";
import { type Db, getDb } from "~/.server/db/client";
import { queueStaleRatings } from "~/.server/services/ratings/ratings-trigger";

// The live round writes D1 itself (a socket's message never passes the Worker's request
// steps), so it takes the same steps around its writes as the Worker does around a
// request: money writes stamped with the actor (ADR 20), every table written purging its
// cache tags (ADR 11), and a re-rating queued when scores changed (ADR 17).

/** Runs `write` against D1 as `actor`, then purges and queues what it wrote asked for. */
export async function writeD1<T>(env: Env, exports: unknown, actor: Actor, write: (db: Db) => Promise<T>): Promise<T> {
  const { binding, seen } = observeD1(withAuditActor(sessionBinding(env.DB.withSession("first-primary")), () => actor));
  try {
    return await write(getDb(binding));
  } finally {
    await purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, { exports });
    await queueStaleRatings(env.JOBS, binding);
  }
}

/** D1 for the live round's reads: the primary, so a card published a moment ago is seen. */
export const readD1 = (env: Env): Db => getDb(env.DB);
