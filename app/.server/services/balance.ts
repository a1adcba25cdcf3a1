import { type SQL, sql } from "drizzle-orm";

/**
 * A player's league credit, derived and never stored: credit added by entries, less
 * credit used, plus transfers in, less transfers out. The one definition of balance:
 * every query that shows or checks a balance embeds this expression.
 */
export function balanceCentsSql(playerId: SQL | number): SQL<number> {
  return sql<number>`(
    coalesce((select sum(credit_added_cents - credit_used_cents) from entries where player_id = ${playerId}), 0)
    + coalesce((select sum(amt_cents) from transfers where to_player_id = ${playerId}), 0)
    - coalesce((select sum(amt_cents) from transfers where from_player_id = ${playerId}), 0)
  )`;
}
