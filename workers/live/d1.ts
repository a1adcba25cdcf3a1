import type { Actor } from "../audit-actor";
import { withWriteStamps } from "../league-guard";
import { observeD1 } from "../d1-observer";
import { sessionBinding } from "../d1-session";
import { pageCacheMode } from "../page-cache";
import { purgeWrites } from "../purge";
import { leagueFromEnv } from "~/.server/league";
import { type Db, getDb } from "~/.server/db/client";
import type { Committed } from "~/.server/follow-ups";
import { runAfterWrite } from "../after-write";

// The live round writes D1 itself (a socket's message never passes the Worker's request
// steps), so it takes the same steps around its writes as the Worker does around a
// request: money writes stamped with the actor (ADR 20), every table written purging its
// cache tags (ADR 11), and a re-rating queued when scores changed (ADR 17).

/**
 * Runs `write` against D1 as `actor`, then the after-write runner (ADR 44) on what it left:
 * its follow-ups, and the purge of what it wrote (also when it failed part way).
 */
export async function writeD1<T>(env: Env, exports: unknown, actor: Actor, write: (db: Db) => Promise<Committed<T>>): Promise<T> {
  const { binding, seen } = observeD1(withWriteStamps(sessionBinding(env.DB.withSession("first-primary")), () => actor));
  const db = getDb(binding, leagueFromEnv(env).id);
  const after = {
    db,
    jobs: env.JOBS,
    purge: () => purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, { exports }, leagueFromEnv(env).id),
  };
  let done: Committed<T>;
  try {
    done = await write(db);
  } catch (err) {
    await runAfterWrite(after, []);
    throw err;
  }
  await runAfterWrite(after, done.followUps);
  return done.value;
}

/** D1 for the live round's reads: the primary, so a card published a moment ago is seen. */
export const readD1 = (env: Env): Db => getDb(env.DB, leagueFromEnv(env).id);
