import { type SQL, and, desc, eq, ne, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { claims } from "../../db/schema";

// A user's claim state, as the session, the /api and the admin pages all show it. A user has
// claims in each league they play in: these read the request's league's (ADR 46). The
// account is the deployment's: its claims are read by its id, never joined to `users`.

/** The player the user's approved claim in `db`'s league links them to, or null (`userId`: a bound id or a column). */
export function linkedPlayerSql(db: Db, userId: SQL) {
  return sql<number | null>`(select c.player_id from claims c
    where c.user_id = ${userId} and c.league_id = ${db.leagueId} and c.status = 'approved')`;
}

/**
 * Which of a user's claims is "their claim": the approved one, else the newest that is
 * not withdrawn. For queries on `claims`; currentClaimOf below is the same choice in code.
 */
export const currentClaimFirst = [sql`${claims.status} = 'approved' desc`, desc(claims.updatedAt), desc(claims.id)] as const;

type ClaimOrder = { id: number; status: string; updatedAt: number };

/** "Their claim" among one user's claims (the choice currentClaimFirst makes), or null. */
export function currentClaimOf<T extends ClaimOrder>(list: readonly T[]): T | null {
  const live = list.filter((c) => c.status !== "withdrawn");
  const rank = (c: T) => (c.status === "approved" ? 1 : 0);
  return live.sort((a, b) => rank(b) - rank(a) || b.updatedAt - a.updatedAt || b.id - a.id)[0] ?? null;
}

/** A user's claim (the choice above), unrun: the session asks it beside the account's row (ADR 41, 46). */
export const currentClaimQuery = (db: Db, userId: number) =>
  db
    .select({ playerId: claims.playerId, status: claims.status })
    .from(claims)
    .where(and(inLeague(db, claims), eq(claims.userId, userId), ne(claims.status, "withdrawn")))
    .orderBy(...currentClaimFirst)
    .limit(1);
