import { toDollars } from "./money";
import type { PlayerDetail, PlayerStats, SearchResult, SimplePlayer } from "~/.server/services/players/players";

/** A player as the /api's lists show one: id, fn, ln. */
export function simplePlayerJson(p: SimplePlayer) {
  return { id: p.id, fn: p.firstName, ln: p.lastName };
}

/** A search hit: the simple player, the balance in dollars, and the division an entry starts in. */
export function searchResultJson(p: SearchResult) {
  return { ...simplePlayerJson(p), balance: toDollars(p.balanceCents), division: p.division };
}

/** A player with counts, averages and the balance in dollars (GET /api/players). */
export function playerStatsJson(p: PlayerStats) {
  return {
    id: p.id,
    fn: p.firstName,
    ln: p.lastName,
    pdga: p.pdga,
    division: p.division,
    inactive: p.inactive,
    balance: toDollars(p.balanceCents),
    roundCount: p.roundCount,
    roundCountYear: p.roundCountYear,
    average: p.average,
    thisYearAverage: p.thisYearAverage,
  };
}

/** One player with their claims (GET /api/players/player/{id}). */
export function playerDetailJson(p: PlayerDetail) {
  return { ...playerStatsJson(p), claims: p.claims };
}
