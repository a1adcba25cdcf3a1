import type { RatingAndHandicap } from "~/.server/services/ratings/rating-and-handicap";

/**
 * A player's handicap and rating with their history (GET /api/players/{id}/history): the
 * handicap's inputs are given so a client can show the sum; history newest first.
 */
export function ratingAndHandicapJson(f: RatingAndHandicap) {
  const h = f.handicap;
  return {
    handicap: h?.handicap ?? null,
    handicapMethod: h ? { rounds: h.rounds, average: h.average, par: h.par, overPar: h.overPar, percent: h.percent } : null,
    handicapHistory: f.history.map((r) => ({ round_id: r.roundId, d: r.startsAt, n: r.roundName, score: r.score, handicap: r.handicap })),
    rating: f.rating,
    ratingRounds: f.ratedRounds,
    ratingEstablished: f.established,
    ratingHistory: f.history.map((r) => ({
      round_id: r.roundId,
      d: r.startsAt,
      n: r.roundName,
      round_rating: r.roundRating,
      rating: r.rating,
    })),
  };
}

export type RatingAndHandicapJson = ReturnType<typeof ratingAndHandicapJson>;
