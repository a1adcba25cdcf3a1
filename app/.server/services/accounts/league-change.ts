import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { auditLog, leagueRowColumns, leagues } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { type Committed, purgeLeague } from "../../follow-ups";
import type { LeagueRow } from "../../league";
import { LEAGUE_CREATE_MESSAGES } from "./league-create-sql";
import type { LeagueChange } from "~/schemas/leagues";

// The operator changes a league's address (ADR 46): a new slug, or the league made the
// deployment's default, served at the root. One batch writes the rows and the change's audit
// row in that league's log; every page of each league whose address moved is purged after
// it (a follow-up), and other isolates see the change when their copy of the league expires.

/** The changed league and, when the default moved, the league that stopped being it. */
export type ChangedLeagues = { league: LeagueRow; formerDefault: LeagueRow | null };

export async function changeLeague(
  db: Db,
  leagueId: number,
  change: LeagueChange,
  actor: { userId: number; name: string },
): Promise<Committed<ChangedLeagues>> {
  const [[before], [taken], [oldDefault]] = await Promise.all([
    db.select(leagueRowColumns).from(leagues).where(eq(leagues.id, leagueId)),
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
  const slug = change.slug ?? before.slug;
  const makeDefault = change.default === true && !before.isDefault;
  // Nothing moves (the same slug, already the default): no write, no audit row, no purge.
  if (slug === before.slug && !makeDefault) return { value: { league: before, formerDefault: null }, followUps: [] };
  const address = (l: { slug: string; isDefault: boolean }) => JSON.stringify({ slug: l.slug, default: l.isDefault });
  let rows: LeagueRow[];
  try {
    // One batch (one transaction): the address, the default moved, the audit row, and the rows as they now are.
    const results = await db.batch([
      db.update(leagues).set({ slug }).where(eq(leagues.id, leagueId)),
      ...(makeDefault
        ? [
            db.update(leagues).set({ isDefault: false }).where(eq(leagues.isDefault, true)),
            db.update(leagues).set({ isDefault: true }).where(eq(leagues.id, leagueId)),
          ]
        : []),
      db.insert(auditLog).values({
        leagueId,
        actorUserId: actor.userId,
        actorName: actor.name,
        actorRole: "admin",
        tableName: "leagues",
        rowId: leagueId,
        action: "update",
        before: address(before),
        after: address({ slug, isDefault: before.isDefault || makeDefault }),
      }),
      db
        .select(leagueRowColumns)
        .from(leagues)
        .where(inArray(leagues.id, [leagueId, oldDefault?.id ?? leagueId])),
    ]);
    rows = results.at(-1) as LeagueRow[];
  } catch (err) {
    // Two operators giving the same address at once: one gets it.
    if (uniqueViolation(err)) throw conflict(LEAGUE_CREATE_MESSAGES.taken(slug));
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
