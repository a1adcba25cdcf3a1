import { and, asc, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, players, rounds } from "../../db/schema";
import { type SearchResult, searchResultColumns } from "./players";
import { RECENT_ROUNDS } from "~/lib/players/constants";

/**
 * The players entered in the latest rounds that have started (`RECENT_ROUNDS` of them), by
 * name: what /players lists before anyone searches — the people a visitor most likely
 * looks for, and a new player finds their name among. A cancelled round was not played
 * (ADR 50): not one of them.
 */
export async function recentPlayers(db: Db, now: number): Promise<SearchResult[]> {
  const latest = db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(inLeague(db, rounds), lte(rounds.startsAt, now), isNull(rounds.cancelledAt)))
    .orderBy(desc(rounds.startsAt))
    .limit(RECENT_ROUNDS);
  return db
    .selectDistinct(searchResultColumns)
    .from(players)
    .innerJoin(entries, and(eq(entries.leagueId, players.leagueId), eq(entries.playerId, players.id)))
    .where(and(inLeague(db, players), inArray(entries.roundId, latest)))
    .orderBy(asc(players.lastName), asc(players.firstName), asc(players.id));
}
