import { type SQL, and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, players, rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { type League, currentSeason, seasonSpan } from "../../league";
import { listSeasons } from "../rounds/rounds";
import { type LeagueSettings, getLeagueSettings } from "../settings/league-settings";
import { type DivisionStanding, type StandingsEntry, type StandingsRound, buildStandings } from "~/lib/standings/standings-table";
import { nowSeconds } from "~/lib/shared/time";

/** A season's standings, with what a page needs around them: the seasons to pick from and the rule that made them. */
export type SeasonStandings = {
  season: number;
  current: number;
  seasons: number[];
  settings: LeagueSettings;
  /** The season's rounds with entries, in date order (the breakdown names them). */
  rounds: StandingsRound[];
  divisions: DivisionStanding[];
};

type Span = { from: number; to: number };

/** No entry of the league's span (of the division) has a score: a guard for reading an earlier season only when needed. */
const noScoreIn = (db: Db, { from, to }: Span, division?: string) =>
  sql`not exists (select 1 from ${entries} e join ${rounds} r on r.league_id = e.league_id and r.id = e.round_id
    where r.league_id = ${db.leagueId} and r.d >= ${from} and r.d < ${to} and r.cancelled_at is null and e.score > 0${division === undefined ? sql`` : sql` and e.division = ${division}`})`;

/**
 * Every score of a season (optionally of one division) in one query: the rounds by their
 * date index, each round's entries by (round_id, player_id), each player by its key, so
 * a season of 10,000 entries is read without a scan (tests/services/query-plans.test.ts).
 * A cancelled round is out of the season (ADR 50): not a round of the M, no points, no
 * participation; a restore (cancelled_at null again) counts it again.
 */
async function seasonScores(db: Db, { from, to }: Span, division?: string, unless?: SQL) {
  const rows = await db
    .select({
      id: entries.id,
      roundId: entries.roundId,
      playerId: entries.playerId,
      division: entries.division,
      score: entries.score,
      dnf: entries.dnf,
      team: entries.team,
      result: entries.result,
      startsAt: rounds.startsAt,
      roundName: rounds.name,
      firstName: players.firstName,
      lastName: players.lastName,
    })
    .from(rounds)
    .innerJoin(entries, and(eq(entries.leagueId, rounds.leagueId), eq(entries.roundId, rounds.id)))
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(
      and(
        inLeague(db, rounds),
        gte(rounds.startsAt, from),
        lt(rounds.startsAt, to),
        isNull(rounds.cancelledAt),
        division === undefined ? undefined : eq(entries.division, division),
        unless,
      ),
    )
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
  const seen = new Map<number, StandingsRound>();
  for (const r of rows) if (!seen.has(r.roundId)) seen.set(r.roundId, { id: r.roundId, startsAt: r.startsAt, name: r.roundName });
  return { entries: rows as StandingsEntry[], rounds: [...seen.values()] };
}

/**
 * The standings of `season` (a league year; absent: the current one, or the latest
 * earlier season with scored rounds when the current has none yet, as in January).
 * A season with no rounds that is not the current one is a 404.
 */
export async function seasonStandings(
  db: Db,
  league: League,
  asked: { season?: number; division?: string } = {},
  now = nowSeconds(),
): Promise<SeasonStandings> {
  const current = currentSeason(league, now);
  const prior = current - 1;
  // One trip: the seasons, the rule, the season's scores and, when no season is asked,
  // last season's in case this one has none scored yet (read only then, by the SQL).
  const [seasons, settings, scores, lastSeason] = await Promise.all([
    listSeasons(db, league.timeZone),
    getLeagueSettings(db),
    seasonScores(db, seasonSpan(league, asked.season ?? current), asked.division),
    asked.season === undefined
      ? seasonScores(db, seasonSpan(league, prior), asked.division, noScoreIn(db, seasonSpan(league, current), asked.division))
      : null,
  ]);
  if (asked.season !== undefined && asked.season !== current && !seasons.includes(asked.season)) {
    throw notFound("There are no rounds in that season.");
  }
  const shape = (season: number, read: Awaited<ReturnType<typeof seasonScores>>) => {
    // A round not played yet is not "waiting for scores"; a division seen only in sign-ups for one is not shown.
    const divisions = buildStandings(read.entries, read.rounds, settings)
      .map((d) => ({ ...d, waiting: d.waiting.filter((r) => r.startsAt <= now) }))
      .filter((d) => d.players.length > 0 || d.waiting.length > 0);
    return { season, current, seasons, settings, rounds: read.rounds, divisions };
  };
  const standings = shape(asked.season ?? current, scores);
  const scored = standings.divisions.some((d) => d.players.length > 0);
  const earlier = seasons.find((s) => s < current);
  if (asked.season === undefined && !scored && earlier !== undefined) {
    if (earlier === prior && lastSeason && lastSeason.entries.length > 0) return shape(earlier, lastSeason);
    // Rarely a second trip: the latest earlier season is older than last year (a gap in
    // the league's years, known only from the seasons read), or this season's SQL check
    // counted a score the standings do not (a DNF-only round).
    return shape(earlier, await seasonScores(db, seasonSpan(league, earlier), asked.division));
  }
  return standings;
}
