import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { RATING_ROUNDS, playerRating } from "~/lib/ratings/rating-walk";

/**
 * Each player's league rating now (app/lib/ratings/rating-walk.ts: the mean of their last
 * RATING_ROUNDS round ratings), for cards by rating spread; a player with none is absent.
 * One query for the whole field: a list of ids, or a subquery of them (a page then reads
 * the ratings beside the field itself, ADR 41). A cancelled round's ratings count for
 * nothing (ADR 50).
 */
export async function currentRatings(db: Db, playerIds: readonly number[] | SQL): Promise<Map<number, number>> {
  if (Array.isArray(playerIds) && playerIds.length === 0) return new Map();
  return ratingsOf(await ratingsQuery(db, playerIds));
}

/** currentRatings' read, unrun, so a batch can carry it (ADR 41); ratingsOf shapes its rows. */
export function ratingsQuery(db: Db, playerIds: readonly number[] | SQL) {
  const ids = Array.isArray(playerIds) ? sql`select value from json_each(${JSON.stringify(playerIds)})` : (playerIds as SQL);
  // A builder, not db.all: a card write's batch carries it (card-writes.ts).
  return db
    .select({ playerId: sql<number>`player_id`.mapWith(Number), rating: sql<number>`rating`.mapWith(Number) })
    .from(sql`(
      select e.player_id, e.rating, row_number() over (partition by e.player_id order by r.d desc, r.id desc) as rn
      from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
      where e.league_id = ${db.leagueId} and e.player_id in (${ids}) and e.score > 0 and e.rating is not null
        and r.cancelled_at is null
    ) ranked`)
    .where(sql`rn <= ${RATING_ROUNDS}`);
}

export function ratingsOf(rows: readonly { playerId: number; rating: number }[]): Map<number, number> {
  const lists = new Map<number, number[]>();
  for (const r of rows) lists.set(Number(r.playerId), [...(lists.get(Number(r.playerId)) ?? []), Number(r.rating)]);
  const out = new Map<number, number>();
  for (const [playerId, list] of lists) {
    const rating = playerRating(list);
    if (rating !== null) out.set(playerId, rating);
  }
  return out;
}
