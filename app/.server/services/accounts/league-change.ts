import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { auditLog, leagueRowColumns, leagues } from "../../db/schema";
import { LEAGUE_RECORD } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { type Committed, purgeLeague } from "../../follow-ups";
import type { LeagueRow } from "../../league";
import { LEAGUE_CREATE_MESSAGES } from "./league-create-sql";
import type { LeagueChange } from "~/schemas/leagues";

// The operator changes a league (ADR 46): a new slug, or the league made the deployment's
// default, served at the root; suspended or not; hidden from the front door or not. One
// batch writes the rows and the change's audit row in that league's log; every page of each
// league whose address or standing moved is purged after it (a follow-up). Suspending sets
// `suspended_at` and moves the epoch, as unsuspending does, so every isolate's write guard
// sees the change at its next write; other isolates' pages see it when their copy of the
// league expires (FRESH_MS, workers/league-directory.ts). A change that changes nothing
// writes nothing: suspending a suspended league leaves it as it was.

/** A league's row as the directory keeps it, with whether the operator hides it from the front door. */
export type ChangedLeague = LeagueRow & { hiddenByOperator: boolean };

/** The changed league and, when the default moved, the league that stopped being it. */
export type ChangedLeagues = { league: ChangedLeague; formerDefault: LeagueRow | null };

const columns = { ...leagueRowColumns, hiddenByOperator: leagues.hiddenByOperator };

/** What the audit row says of a league before and after: only what the change names. */
type Standing = { slug: string; default: boolean; suspended: boolean; hidden: boolean };

export async function changeLeague(
  db: Db,
  leagueId: number,
  change: LeagueChange,
  actor: { userId: number; name: string },
): Promise<Committed<ChangedLeagues>> {
  const [[before], [taken], [oldDefault]] = await Promise.all([
    db.select(columns).from(leagues).where(eq(leagues.id, leagueId)),
    change.slug === undefined
      ? Promise.resolve([])
      : db
          .select({ id: leagues.id })
          .from(leagues)
          .where(and(sql`lower(${leagues.slug}) = ${change.slug}`, ne(leagues.id, leagueId))),
    db.select(leagueRowColumns).from(leagues).where(eq(leagues.isDefault, true)),
  ]);
  if (!before) throw notFound("League not found");
  if (taken && change.slug !== undefined) throw conflict(LEAGUE_CREATE_MESSAGES.taken(change.slug));
  const was: Standing = {
    slug: before.slug,
    default: before.isDefault,
    suspended: before.suspendedAt !== null,
    hidden: before.hiddenByOperator,
  };
  const now: Standing = {
    slug: change.slug ?? was.slug,
    default: was.default || change.default === true,
    suspended: change.suspended ?? was.suspended,
    hidden: change.hidden ?? was.hidden,
  };
  const moved = (Object.keys(now) as (keyof Standing)[]).filter((key) => now[key] !== was[key]);
  // Nothing moves (the same slug, already the default, suspended already…): no write, no audit row, no purge.
  if (moved.length === 0) return { value: { league: before, formerDefault: null }, followUps: [] };
  const makeDefault = now.default && !was.default;
  const suspension = now.suspended === was.suspended ? {} : { suspendedAt: now.suspended ? sql`unixepoch()` : null };
  const named = (s: Standing) => JSON.stringify(Object.fromEntries(moved.map((key) => [key, s[key]])));
  let rows: ChangedLeague[];
  try {
    // One batch (one transaction): the league's row (its epoch moved when its suspension
    // does, so a writer holding the old one is refused), the default moved, the audit row,
    // and the rows as they now are.
    const results = await db.batch([
      db
        .update(leagues)
        .set({
          slug: now.slug,
          hiddenByOperator: now.hidden,
          ...suspension,
          ...(now.suspended === was.suspended ? {} : { epoch: sql`${leagues.epoch} + 1` }),
        })
        .where(eq(leagues.id, leagueId)),
      ...(makeDefault
        ? [
            db.update(leagues).set({ isDefault: false }).where(eq(leagues.isDefault, true)),
            db.update(leagues).set({ isDefault: true }).where(eq(leagues.id, leagueId)),
          ]
        : []),
      // The league's own log, whatever its status (LEAGUE_RECORD): the record of its suspension lifted too.
      db.insert(auditLog).select(
        sql`select ${sql.raw(LEAGUE_RECORD)} ${sql.join(
          Object.values(
            rowOf(leagueId, auditLog, {
              actorUserId: sql`${actor.userId}`,
              actorName: sql`${actor.name}`,
              actorRole: sql`'admin'`,
              tableName: sql`'leagues'`,
              rowId: sql`${leagueId}`,
              action: sql`'update'`,
              before: sql`${named(was)}`,
              after: sql`${named(now)}`,
            }),
          ),
          sql`, `,
        )}`,
      ),
      db
        .select(columns)
        .from(leagues)
        .where(inArray(leagues.id, [leagueId, oldDefault?.id ?? leagueId])),
    ]);
    rows = results.at(-1) as ChangedLeague[];
  } catch (err) {
    // Two operators giving the same address at once: one gets it.
    if (uniqueViolation(err)) throw conflict(LEAGUE_CREATE_MESSAGES.taken(now.slug));
    throw err;
  }
  const league = rows.find((r) => r.id === leagueId);
  if (!league) throw notFound("League not found");
  const former = makeDefault && oldDefault ? rows.find((r) => r.id === oldDefault.id) : undefined;
  return {
    value: { league, formerDefault: former ?? null },
    followUps: [purgeLeague(leagueId), ...(former ? [purgeLeague(former.id)] : [])],
  };
}
