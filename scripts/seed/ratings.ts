// The seeded league's round ratings, by the app's own walk (app/lib/ratings/rating-walk.ts): a
// seeded league starts rated, as the "ratings" job would leave it.
import { type WalkEntry, rateRounds } from "../../app/lib/ratings/rating-walk";
import type { League } from "./types";

/** Every entry's round rating (null when unscored), rounds taken in date order. */
export function leagueRatings(league: Pick<League, "rounds" | "entries">): Map<number, number | null> {
  const byRound = new Map<number, WalkEntry[]>();
  for (const e of league.entries) byRound.set(e.roundId, [...(byRound.get(e.roundId) ?? []), e]);
  const ordered = [...league.rounds].sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  return rateRounds(
    ordered.map((r) => byRound.get(r.id) ?? []),
    new Map(),
  );
}
