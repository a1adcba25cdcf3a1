import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assertPlayerExists } from "../players/players";
import { DEFAULT_SETTINGS, getLeagueSettings } from "../settings/league-settings";
import { layoutParOf } from "../courses/layout-sql";
import { type Handicap, type HandicapSettings, type RoundScore, handicapFrom, handicapHistory } from "~/lib/ratings/handicap";
import { ESTABLISHED_AFTER, playerRating } from "~/lib/ratings/rating-walk";

// A player's form: handicap (app/lib/ratings/handicap.ts) and league rating (app/lib/ratings/rating-walk.ts)
// now and after each round they played, across seasons, and every entrant's handicap going
// into a round for its net scores. A cancelled round (ADR 50) is in none of them.

export type HistoryRound = {
  roundId: number;
  startsAt: number;
  roundName: string;
  score: number;
  /** This score's round rating (null until the ratings job rated it). */
  roundRating: number | null;
  /** The player's handicap and rating after this round. */
  handicap: number | null;
  rating: number | null;
};

export type RatingAndHandicap = {
  handicap: Handicap | null;
  rating: number | null;
  /** Rated rounds the rating rests on; fewer than ESTABLISHED_AFTER is provisional. */
  ratedRounds: number;
  established: boolean;
  /** Newest first. */
  history: HistoryRound[];
  settings: HandicapSettings;
};

/** One player's handicap and rating, now and after each scored round (404 for an unknown player). */
export async function ratingAndHandicap(db: Db, playerId: number): Promise<RatingAndHandicap> {
  const [, settings, rows] = await Promise.all([
    assertPlayerExists(db, playerId),
    getLeagueSettings(db),
    db.all<{ roundId: number; startsAt: number; roundName: string; score: number; par: number | null; roundRating: number | null }>(sql`
      select r.id as roundId, r.d as startsAt, r.n as roundName, e.score as score, ${layoutParOf(sql`r.layout_id`)} as par,
        e.rating as roundRating
      from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
      where e.league_id = ${db.leagueId} and e.player_id = ${playerId} and e.score > 0 and r.cancelled_at is null
      order by r.d, r.id`),
  ]);
  const ratings: number[] = [];
  const history = handicapHistory(rows, settings).map(({ par: _, ...r }) => {
    if (r.roundRating !== null) ratings.push(r.roundRating);
    return { ...r, rating: playerRating(ratings) };
  });
  return {
    handicap: handicapFrom(rows, settings),
    rating: playerRating(ratings),
    ratedRounds: ratings.length,
    established: ratings.length >= ESTABLISHED_AFTER,
    history: history.reverse(),
    settings: handicapSettings(settings),
  };
}

/**
 * Every entrant's handicap going into a round: from their last K scored rounds dated
 * before it (earlier on the same date: a lower id), each against its own par, in one
 * query for the whole field.
 */
export async function roundHandicaps(db: Db, roundId: number): Promise<RoundHandicaps> {
  // The settings and the scores asked together, one trip (ADR 41): the scores' query reads
  // the number of rounds from the settings' row itself, with the same default.
  const lastK = sql`coalesce((select handicap_rounds from league_settings where league_id = ${db.leagueId}), ${DEFAULT_SETTINGS.handicapRounds})`;
  const [settings, rows] = await Promise.all([
    getLeagueSettings(db),
    db.all<{ playerId: number; score: number; par: number | null }>(sql`
    with this as (select id, d from rounds where id = ${roundId} and league_id = ${db.leagueId})
    select player_id as playerId, score, par from (
      select e.player_id, e.score, ${layoutParOf(sql`r.layout_id`)} as par, r.d, r.id as rid,
        row_number() over (partition by e.player_id order by r.d desc, r.id desc) as rn
      from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id, this
      where e.league_id = ${db.leagueId} and e.player_id in (select player_id from entries where league_id = ${db.leagueId} and round_id = ${roundId})
        and e.score > 0 and r.cancelled_at is null and (r.d < this.d or (r.d = this.d and r.id < this.id))
    ) where rn <= ${lastK} order by player_id, d, rid`),
  ]);
  const scores = new Map<number, RoundScore[]>();
  for (const r of rows) scores.set(r.playerId, [...(scores.get(r.playerId) ?? []), { score: r.score, par: r.par }]);
  const players = Object.fromEntries([...scores].map(([playerId, list]) => [playerId, handicapFrom(list, settings)]));
  return { settings: handicapSettings(settings), players };
}

// Only what handicaps use goes to the page's data.
const handicapSettings = (s: HandicapSettings): HandicapSettings => ({
  handicapRounds: s.handicapRounds,
  handicapPercent: s.handicapPercent,
  handicapPar: s.handicapPar,
});

export type RoundHandicaps = { settings: HandicapSettings; players: Record<number, Handicap | null> };
