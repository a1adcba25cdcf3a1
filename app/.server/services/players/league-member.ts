import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

// Who belongs to a league (ADR 46): an account with an approved claim on one of its players,
// or a role in it (ADR 47). A league's mail goes to its members only, checked again as the
// job sends: an account that left, or plays elsewhere only, hears nothing of this league.

/** Whether the account `userId` (an SQL expression: a column of the query) is a member of the query builder's league. */
export function isLeagueMemberSql(db: Db, userId: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from claims c where c.league_id = ${db.leagueId} and c.user_id = ${userId} and c.status = 'approved')
    or exists (select 1 from memberships m where m.league_id = ${db.leagueId} and m.user_id = ${userId}))`;
}
