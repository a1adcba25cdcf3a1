import { type SQL, and, desc, eq, ne, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { claims } from "../../db/schema";

// A user's claim state, as the session, the /api and the admin pages all show it.
// `userId` is a fully qualified column (`"users"."id"`): a single-table select writes
// bare column names, which these subqueries would read as the claim's own id.
export const USER_ID = sql`"users"."id"`;

// A user has claims in each league they play in: these read the request's league's (ADR 46).

/** The player the user's approved claim in `db`'s league links them to, or null. */
export function linkedPlayerSql(db: Db, userId: SQL = USER_ID) {
  return sql<number | null>`(select c.player_id from claims c
    where c.user_id = ${userId} and c.league_id = ${db.leagueId} and c.status = 'approved')`;
}

/** Approved if any claim is; else the newest live claim's status; null for admins, who claim no player. */
export function claimStatusSql(db: Db, userId: SQL = USER_ID) {
  return sql<string | null>`case when "users"."is_admin" then null else (
    select c.status from claims c where c.user_id = ${userId} and c.league_id = ${db.leagueId} and c.status <> 'withdrawn'
    order by (c.status = 'approved') desc, c.updated_at desc, c.id desc limit 1) end`;
}

/**
 * Which of a user's claims is "their claim": the approved one, else the newest that is
 * not withdrawn. The same choice as claimStatusSql above, for queries on `claims`.
 */
export const currentClaimFirst = [sql`${claims.status} = 'approved' desc`, desc(claims.updatedAt), desc(claims.id)] as const;

/** A user's claim (the choice above), unrun: the session asks it beside the account's row (ADR 41, 46). */
export const currentClaimQuery = (db: Db, userId: number) =>
  db
    .select({ playerId: claims.playerId, status: claims.status })
    .from(claims)
    .where(and(inLeague(db, claims), eq(claims.userId, userId), ne(claims.status, "withdrawn")))
    .orderBy(...currentClaimFirst)
    .limit(1);
