import { and, eq, ne, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { claims, players } from "../../db/schema";
import { balanceCentsSql } from "./balance-sql";
import { currentClaimFirst } from "./claim-state";

/** The claim a user's profile shows, with its player and that player's credit. */
export type OwnClaim = {
  id: number;
  status: string;
  note: string | null;
  playerId: number;
  firstName: string;
  lastName: string;
  balanceCents: number;
};

/**
 * The approved claim, else the newest live one: the same choice as the session's
 * claimStatus (claim-state.ts), so the profile's badge and the navbar's state agree.
 */
export async function ownClaim(db: Db, userId: number): Promise<OwnClaim | null> {
  const [row] = await db
    .select({
      id: claims.id,
      status: claims.status,
      note: claims.note,
      // Aliased: beside claims.id, an unaliased players.id could not join a read batch (ADR 41).
      playerId: sql<number>`${players.id}`.as("player_id"),
      firstName: players.firstName,
      lastName: players.lastName,
      balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number),
    })
    .from(claims)
    .innerJoin(players, eq(players.id, claims.playerId))
    .where(and(inLeague(db, claims), eq(claims.userId, userId), ne(claims.status, "withdrawn")))
    .orderBy(...currentClaimFirst)
    .limit(1);
  return row ?? null;
}

/** The player of the user's approved claim, as SQL (ownClaim's choice when it is approved): a write's reads key by it (ADR 41). */
export const approvedPlayerSql = (db: Db, userId: number) =>
  sql<number>`(select c.player_id from ${claims} c where c.user_id = ${userId} and c.league_id = ${db.leagueId} and c.status = 'approved'
    order by c.updated_at desc, c.id desc limit 1)`;
