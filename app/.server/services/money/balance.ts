import { type SQL, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { players } from "../../db/schema";
import { chunk } from "../../db/chunk";

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

/**
 * The same balance for a list of players joined to player_stats as `ps`: the entries'
 * part comes from the row the triggers keep (migration 0010, proven equal to the sum in
 * tests/services/player-stats.test.ts), so 2,000 balances read no entry. Display only:
 * every check before a write uses balanceCentsSql above.
 */
export function listedBalanceCentsSql(playerId: SQL): SQL<number> {
  return sql<number>`(
    coalesce(ps.credit_cents, 0)
    + coalesce((select sum(amt_cents) from transfers where to_player_id = ${playerId}), 0)
    - coalesce((select sum(amt_cents) from transfers where from_player_id = ${playerId}), 0)
  )`;
}

/** The balances of some players, by id (the round page's credit suggestions). */
export async function balancesOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const parts = await Promise.all(
    chunk([...new Set(ids)]).map((part) =>
      db
        .select({ id: players.id, balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number) })
        .from(players)
        .where(inArray(players.id, part)),
    ),
  );
  return new Map(parts.flat().map((p) => [p.id, p.balanceCents]));
}
