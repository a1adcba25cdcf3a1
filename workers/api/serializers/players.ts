import { toDollars } from "./money";
import type { PlayerDetail, PlayerStats, SearchResult, SimplePlayer } from "~/.server/services/players/players";
import type { WithShownBalance } from "~/lib/money/money-visibility";

/** A balance in dollars, or null where the league's setting hides it from the reader (ADR 25). */
const balanceJson = (cents: number | null) => (cents === null ? null : toDollars(cents));

/** A player as the /api's lists show one: id, fn, ln. */
export function simplePlayerJson(p: SimplePlayer) {
  return { id: p.id, fn: p.firstName, ln: p.lastName };
}

/** A search hit: the simple player, the balance in dollars (null when hidden), and the division an entry starts in. */
export function searchResultJson(p: WithShownBalance<SearchResult>) {
  return { ...simplePlayerJson(p), balance: balanceJson(p.balanceCents), division: p.division };
}

/** A player with counts, averages and the balance in dollars, null when hidden (GET /api/players). */
export function playerStatsJson(p: WithShownBalance<PlayerStats>) {
  return {
    id: p.id,
    fn: p.firstName,
    ln: p.lastName,
    pdga: p.pdga,
    division: p.division,
    inactive: p.inactive,
    balance: balanceJson(p.balanceCents),
    roundCount: p.roundCount,
    roundCountYear: p.roundCountYear,
    average: p.average,
    thisYearAverage: p.thisYearAverage,
  };
}

/** One player with their claims (GET /api/players/player/{id}). */
export function playerDetailJson(p: WithShownBalance<PlayerDetail>) {
  return { ...playerStatsJson(p), claims: p.claims };
}

export type SimplePlayerJson = ReturnType<typeof simplePlayerJson>;
export type SearchResultJson = ReturnType<typeof searchResultJson>;
export type PlayerStatsJson = ReturnType<typeof playerStatsJson>;
export type PlayerDetailJson = ReturnType<typeof playerDetailJson>;
