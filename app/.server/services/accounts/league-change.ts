import { sql } from "drizzle-orm";
import { type Db, readTogether, uniqueViolation } from "../../db/client";
import { conflict, notFound } from "../../errors";
import { type Committed, purgeLeague } from "../../follow-ups";
import type { LeagueRow } from "../../league";
import { LEAGUE_CREATE_MESSAGES } from "./league-create-sql";
import type { LeagueChange } from "~/schemas/leagues";

// The operator changes a league's address (ADR 46): a new slug, or the league made the
// deployment's default, served at the root. One batch writes the rows and the change's audit
// row in that league's log; every page of each league whose address moved is purged after
// it (a follow-up), and other isolates see the change when their copy of the league expires.

const COLUMNS = sql.raw("id, slug, name, time_zone as timeZone, status, epoch, is_default as isDefault");
type Stored = Omit<LeagueRow, "isDefault"> & { isDefault: number };
const rowOf = (r: Stored): LeagueRow => ({ ...r, isDefault: Boolean(r.isDefault) });

/** The changed league and, when the default moved, the league that stopped being it. */
export type ChangedLeagues = { league: LeagueRow; formerDefault: LeagueRow | null };

export async function changeLeague(
  db: Db,
  leagueId: number,
  change: LeagueChange,
  actor: { userId: number; name: string },
): Promise<Committed<ChangedLeagues>> {
  const [[before], [taken], [oldDefault]] = await Promise.all([
    db.all<Stored>(sql`select ${COLUMNS} from leagues where id = ${leagueId}`),
    change.slug === undefined
      ? Promise.resolve([])
      : db.all<{ id: number }>(sql`select id from leagues where lower(slug) = ${change.slug} and id <> ${leagueId}`),
    db.all<Stored>(sql`select ${COLUMNS} from leagues where is_default = 1`),
  ]);
  if (!before) throw notFound("League not found");
  if (taken && change.slug !== undefined) throw conflict(LEAGUE_CREATE_MESSAGES.taken(change.slug));
  const slug = change.slug ?? before.slug;
  const makeDefault = change.default === true && !before.isDefault;
  // Nothing moves (the same slug, already the default): no write, no audit row, no purge.
  if (slug === before.slug && !makeDefault) return { value: { league: rowOf(before), formerDefault: null }, followUps: [] };
  const after = { slug, default: before.isDefault === 1 || makeDefault };
  const statements = [
    sql`update leagues set slug = ${slug} where id = ${leagueId}`,
    ...(makeDefault
      ? [sql`update leagues set is_default = 0 where is_default = 1`, sql`update leagues set is_default = 1 where id = ${leagueId}`]
      : []),
    sql`insert into audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, before, after)
      values (${leagueId}, ${actor.userId}, ${actor.name}, 'admin', 'leagues', ${leagueId}, 'update',
        json_object('slug', ${before.slug}, 'default', json(${before.isDefault ? "true" : "false"})),
        json_object('slug', ${after.slug}, 'default', json(${after.default ? "true" : "false"})))`,
    sql`select ${COLUMNS} from leagues where id in (${leagueId}, ${oldDefault?.id ?? leagueId})`,
  ];
  let rows: Stored[];
  try {
    const results = await readTogether<unknown[]>(db, statements);
    rows = results.at(-1) as Stored[];
  } catch (err) {
    // Two operators giving the same address at once: one gets it.
    if (uniqueViolation(err)) throw conflict(LEAGUE_CREATE_MESSAGES.taken(slug));
    throw err;
  }
  const league = rows.find((r) => r.id === leagueId);
  if (!league) throw notFound("League not found");
  const former = makeDefault && oldDefault ? rows.find((r) => r.id === oldDefault.id) : undefined;
  return {
    value: { league: rowOf(league), formerDefault: former ? rowOf(former) : null },
    followUps: [purgeLeague(leagueId), ...(former ? [purgeLeague(former.id)] : [])],
  };
}
