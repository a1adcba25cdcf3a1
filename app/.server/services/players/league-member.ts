import { type SQL, and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leagueRowColumns, leagues } from "../../db/schema";

// Who belongs to a league (ADR 46): an account with an approved claim on one of its players,
// or a role in it (ADR 47). A league's mail goes to its members only, checked again as the
// job sends: an account that left, or plays elsewhere only, hears nothing of this league.

/** Whether the account `userId` (an SQL expression: a column of the query) is a member of the query builder's league. */
export function isLeagueMemberSql(db: Db, userId: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from claims c where c.league_id = ${db.leagueId} and c.user_id = ${userId} and c.status = 'approved')
    or exists (select 1 from memberships m where m.league_id = ${db.leagueId} and m.user_id = ${userId}))`;
}

/**
 * Whether the account hears of the query builder's league by mail: a member of it, or — in
 * the default league, the one a deployment started with — an account that belongs to no
 * league at all (signed up at the root before leagues had members; the next step's joining
 * makes them members).
 */
export function hearsFromLeagueSql(db: Db, userId: SQL): SQL<boolean> {
  return sql<boolean>`(${isLeagueMemberSql(db, userId)}
    or (exists (select 1 from leagues l where l.id = ${db.leagueId} and l.is_default = 1)
      and not exists (select 1 from claims c where c.league_id in (select id from leagues) and c.user_id = ${userId} and c.status = 'approved')
      and not exists (select 1 from memberships m where m.user_id = ${userId})))`;
}

/**
 * The leagues account `userId` belongs to, as its /profile lists them (ADR 46): every league
 * where it holds a role or an approved claim, and the default league, which every account
 * hears from; a moved league (its rows live elsewhere) is left out. `playing`: an approved
 * claim there. A deployment page's read across leagues, by the account's own indexes. Unrun.
 */
export function accountLeaguesRead(db: Db, userId: number) {
  const claimed = sql`exists (select 1 from claims c where c.league_id = ${leagues.id} and c.user_id = ${userId} and c.status = 'approved')`;
  return db
    .select({ ...leagueRowColumns, playing: sql<number>`${claimed}`.mapWith(Boolean) })
    .from(leagues)
    .where(
      and(
        ne(leagues.status, "moved"),
        or(
          eq(leagues.isDefault, true),
          sql`exists (select 1 from memberships m where m.league_id = ${leagues.id} and m.user_id = ${userId})`,
          claimed,
        ),
      ),
    )
    .orderBy(desc(leagues.isDefault), asc(leagues.id));
}
