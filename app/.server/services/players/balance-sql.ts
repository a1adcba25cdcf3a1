import { type SQL, sql } from "drizzle-orm";

// A player's credit with the league is theirs: derived from their entries and transfers,
// defined once here so every domain that shows or guards it reads the same number.

/**
 * A player's league credit, derived and never stored: credit added by entries, less
 * credit used, plus transfers in, less transfers out. The one definition of balance:
 * every query that shows or checks a balance embeds this expression.
 */
export function balanceCentsSql(playerId: SQL | number): SQL<number> {
  const league = leagueOfPlayer(playerId);
  return sql<number>`(
    coalesce((select sum(credit_added_cents - credit_used_cents) from entries where league_id = ${league} and player_id = ${playerId}), 0)
    + coalesce((select sum(amt_cents) from transfers where league_id = ${league} and to_player_id = ${playerId}), 0)
    - coalesce((select sum(amt_cents) from transfers where league_id = ${league} and from_player_id = ${playerId}), 0)
  )`;
}

/**
 * The player's own league (ADR 46): the sums search by it first, as their indexes lead with
 * it. The player's rows are all in that league, so the sums are the same.
 */
const leagueOfPlayer = (playerId: SQL | number) => sql`(select own.league_id from players own where own.id = ${playerId})`;

/**
 * The same balance for a list of players joined to player_stats as `ps`: the entries'
 * part comes from the row the triggers keep (migration 0010, proven equal to the sum in
 * tests/services/player-stats.test.ts), so 2,000 balances read no entry. Display only:
 * every check before a write uses balanceCentsSql above.
 */
export function listedBalanceCentsSql(playerId: SQL): SQL<number> {
  const league = leagueOfPlayer(playerId);
  return sql<number>`(
    coalesce(ps.credit_cents, 0)
    + coalesce((select sum(amt_cents) from transfers where league_id = ${league} and to_player_id = ${playerId}), 0)
    - coalesce((select sum(amt_cents) from transfers where league_id = ${league} and from_player_id = ${playerId}), 0)
  )`;
}
