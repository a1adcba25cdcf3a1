import { and, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { players } from "../../db/schema";
import { balanceCentsSql } from "../players/balance-sql";

/**
 * The balances of the players entered in a round, by id (the round page's credit
 * suggestions), by the round's id so a page reads them beside its entries (ADR 41).
 */
export async function roundBalances(db: Db, roundId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: players.id, balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number) })
    .from(players)
    .where(
      and(
        inLeague(db, players),
        sql`${players.id} in (select e.player_id from entries e where e.league_id = ${db.leagueId} and e.round_id = ${roundId})`,
      ),
    );
  return new Map(rows.map((p) => [p.id, p.balanceCents]));
}
