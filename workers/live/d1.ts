import type { Actor } from "../audit-actor";
import { withWriteStamps } from "../league-guard";
import { observeD1 } from "../d1-observer";
import { sessionBinding } from "../d1-session";
import { pageCacheMode } from "../page-cache";
import { purgeWrites } from "../purge";
import { type Db, getDb } from "~/.server/db/client";
import type { Committed } from "~/.server/follow-ups";
import { runAfterWrite } from "../after-write";

// The live round writes D1 itself (a socket's message never passes the Worker's request
// steps), so it takes the same steps around its writes as the Worker does around a
// request: money writes stamped with the actor (ADR 20), every table written purging its
// cache tags (ADR 11), and a re-rating queued when scores changed (ADR 17). All of it as the
// league the call named (ADR 46, ./league.ts): its rows, its write guard, its cache tags.

/** What a write needs of the object: its bindings and the league it acts for. */
type Writer = { env: Env; exports: unknown; leagueId: number };

/**
 * Runs `write` against D1 as `actor` in the object's league, then the after-write runner (ADR 44) on what it left:
 * its follow-ups, and the purge of what it wrote (also when it failed part way).
 */
export async function writeD1<T>(w: Writer, actor: Actor, write: (db: Db) => Promise<Committed<T>>): Promise<T> {
  const { env, exports, leagueId } = w;
  const stamped = withWriteStamps(sessionBinding(env.DB.withSession("first-primary")), () => actor, leagueId);
  const { binding, seen } = observeD1(stamped);
  const db = getDb(binding, leagueId);
  const after = {
    db,
    jobs: env.JOBS,
    purge: () => purgeWrites(seen.writtenTables, pageCacheMode(env), env.DB, { exports }, leagueId),
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

/** D1 for the live round's reads in its league: the primary, so a card published a moment ago is seen. */
export const readD1 = (env: Env, leagueId: number): Db => getDb(env.DB, leagueId);
