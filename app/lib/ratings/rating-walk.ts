// Rating a league's rounds in date order: each round is rated from its players' ratings
// going in, which come from the rounds before it. Pure: services/ratings/round-ratings.ts runs it over
// the rounds from a changed one forward, the seed over the whole demo league.
import { fitRound, ratingOf } from "./round-rating";

/** A player's rating is the average of their last this many round ratings. */
export const RATING_ROUNDS = 8;
/** A player's rating is established (they can propagate) after this many rated rounds. */
export const ESTABLISHED_AFTER = 3;

/** A player's rating from their round ratings, oldest first: the mean of the last RATING_ROUNDS, whole points. */
export function playerRating(ratings: readonly number[]): number | null {
  const recent = ratings.slice(-RATING_ROUNDS);
  if (recent.length === 0) return null;
  return Math.round(recent.reduce((s, r) => s + r, 0) / recent.length);
}

export type WalkEntry = { id: number; playerId: number; score: number };

/**
 * Rates `rounds` (in date order) given each player's round ratings before the first of
 * them (oldest first; the last RATING_ROUNDS are enough). Answers every entry's rating:
 * null for an unscored entry. `history` is not changed.
 */
export function rateRounds(
  rounds: readonly (readonly WalkEntry[])[],
  history: ReadonlyMap<number, readonly number[]>,
): Map<number, number | null> {
  const recent = new Map<number, number[]>();
  for (const [playerId, list] of history) recent.set(playerId, list.slice(-RATING_ROUNDS));
  const out = new Map<number, number | null>();
  for (const entries of rounds) {
    const inputs = entries.map((e) => {
      const list = recent.get(e.playerId) ?? [];
      return { score: e.score, rating: playerRating(list), established: list.length >= ESTABLISHED_AFTER };
    });
    const fit = fitRound(inputs);
    for (const e of entries) {
      const rating = fit && e.score > 0 ? ratingOf(fit, e.score) : null;
      out.set(e.id, rating);
      if (rating === null) continue;
      // Ratings of this round count from the next round on: everyone went in with the old ones.
      const list = [...(recent.get(e.playerId) ?? []), rating].slice(-RATING_ROUNDS);
      recent.set(e.playerId, list);
    }
  }
  return out;
}
