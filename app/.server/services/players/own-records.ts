import { type SQL, and, desc, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { players } from "../../db/schema";

// Player records users add for themselves (own claim, /players): public at once, so
// limited (ADR 23). An admin sees on /admin/user/{id} the ones no approved claim holds and
// may remove each that has no league history.

/** Records a user may have added that no approved claim holds (the pending one included). */
export const MAX_UNAPPROVED_OWN_RECORDS = 3;

export const OWN_RECORD_MESSAGES = {
  user: `You have added ${MAX_UNAPPROVED_OWN_RECORDS} player records that no admin has approved yet. Claim one of them, or ask an admin to remove the ones you do not need.`,
  client: "Too many player records were added from your network today. Please try again tomorrow, or ask an admin to add yours.",
} as const;

// Written out: drizzle leaves a lone table's columns unqualified, and inside these
// subqueries a bare "id" would be the subquery's own table's.
const playerId = sql`"players"."id"`;
const leagueOf = sql`"players"."league_id"`;

const notApproved = (league: SQL, id: SQL) =>
  sql`not exists (select 1 from claims c where c.league_id = ${league} and c.player_id = ${id} and c.status = 'approved')`;

/** How many records `userId` added in `db`'s league that no approved claim holds (for the insert's own condition). */
export function unapprovedOwnRecordsSql(db: Db, userId: number) {
  return sql`(select count(*) from players p where p.created_by_user_id = ${userId} and p.league_id = ${db.leagueId} and ${notApproved(sql`p.league_id`, sql`p.id`)})`;
}

export type OwnRecord = {
  id: number;
  firstName: string;
  lastName: string;
  division: string;
  createdAt: number;
  /** This user's latest claim on it: pending, withdrawn, rejected, … (null: none). */
  claimStatus: string | null;
  /** Entries, aces and transfers: a record with any is kept (mark it inactive instead). */
  history: number;
};

/** The records a user added that no approved claim holds, newest first. */
export async function unapprovedOwnRecords(db: Db, userId: number): Promise<OwnRecord[]> {
  return db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      division: players.division,
      createdAt: players.createdAt,
      claimStatus: sql<
        string | null
      >`(select c.status from claims c where c.league_id = ${leagueOf} and c.player_id = ${playerId} and c.user_id = ${userId}
        order by c.id desc limit 1)`,
      history: sql<number>`(select count(*) from entries e where e.league_id = ${leagueOf} and e.player_id = ${playerId})
        + (select count(*) from aces a where a.league_id = ${leagueOf} and a.player_id = ${playerId})
        + (select count(*) from transfers t where t.league_id = ${leagueOf} and t.from_player_id = ${playerId})
        + (select count(*) from transfers t where t.league_id = ${leagueOf} and t.to_player_id = ${playerId})`.mapWith(Number),
    })
    .from(players)
    .where(and(inLeague(db, players), eq(players.createdByUserId, userId), notApproved(leagueOf, playerId)))
    .orderBy(desc(players.createdAt), desc(players.id));
}
