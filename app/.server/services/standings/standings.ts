import { type SQL, and, asc, eq, gte, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { entries, players, rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { type League, currentSeason, seasonSpan } from "../../league";
import { listSeasons } from "../rounds/rounds";
import { type LeagueSettings, getLeagueSettings } from "./league-settings";
import { type DivisionStanding, type StandingsEntry, type StandingsRound, buildStandings } from "~/lib/standings-table";
import { nowSeconds } from "~/lib/time";

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

/**
 * Every score of a season (optionally of one division) in one query: the rounds by their
 * date index, each round's entries by (round_id, player_id), each player by its key, so
 * a season of 10,000 entries is read without a scan (tests/services/query-plans.test.ts).
 * `unlessScored`: no rows when that span has a scored entry (the same test as `anyScore`).
 */
async function seasonScores(db: Db, from: number, to: number, division?: string, unlessScored?: SQL) {
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
    .innerJoin(entries, eq(entries.roundId, rounds.id))
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(and(inSpan(from, to, division), unlessScored))
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
  const seen = new Map<number, StandingsRound>();
  for (const r of rows) if (!seen.has(r.roundId)) seen.set(r.roundId, { id: r.roundId, startsAt: r.startsAt, name: r.roundName });
  return { entries: rows as StandingsEntry[], rounds: [...seen.values()] };
}

const inSpan = (from: number, to: number, division?: string) =>
  and(gte(rounds.startsAt, from), lt(rounds.startsAt, to), division === undefined ? undefined : eq(entries.division, division));

/** Whether an entry has anything a standing could be made from: a score, a DNF, a result. */
const anyScore = (e: Pick<StandingsEntry, "score" | "dnf" | "result">) => e.score > 0 || Boolean(e.dnf) || e.result != null;

/** No entry of the span (with its player, as seasonScores joins them) passes `anyScore`. */
function noScoreIn(db: Db, from: number, to: number, division?: string): SQL {
  const scored = or(sql`${entries.score} > 0`, eq(entries.dnf, true), sql`${entries.result} is not null`);
  return notExists(
    db
      .select({ one: sql`1` })
      .from(rounds)
      .innerJoin(entries, eq(entries.roundId, rounds.id))
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inSpan(from, to, division), scored)),
  );
}

/**
 * The standings of `season` (a league year; absent: the current one, or the latest
 * earlier season with scored rounds when the current has none yet, as in January).
 * A season with no rounds that is not the current one is a 404.
 *
 * Every read is asked at once, one trip (ADR 41). With no season asked, the season before
 * the current one is read beside it, but SQL returns its rows only when the current season
 * has no scored entry yet, so a scored season costs nothing more. Seasons run from the first
 * round's year to the last's without a gap, so "the latest earlier season" is always the
 * one before the current.
 */
export async function seasonStandings(
  db: Db,
  league: League,
  asked: { season?: number; division?: string } = {},
  now = nowSeconds(),
): Promise<SeasonStandings> {
  const current = currentSeason(league, now);
  const season = asked.season ?? current;
  const span = seasonSpan(league, season);
  const before = seasonSpan(league, current - 1);
  const [seasons, settings, scores, beforeScores] = await Promise.all([
    listSeasons(db, league.timeZone),
    getLeagueSettings(db),
    seasonScores(db, span.from, span.to, asked.division),
    asked.season === undefined
      ? seasonScores(db, before.from, before.to, asked.division, noScoreIn(db, span.from, span.to, asked.division))
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
  const standings = shape(season, scores);
  const scored = standings.divisions.some((d) => d.players.length > 0);
  const earlier = seasons.find((s) => s < current);
  if (asked.season !== undefined || scored || earlier === undefined) return standings;
  if (earlier === current - 1 && beforeScores && !scores.entries.some(anyScore)) return shape(earlier, beforeScores);
  // Entries with scores that give no standing yet (a doubles round not placed): the
  // earlier season was not read beside the current one, so it is read now, a second trip.
  const { from, to } = seasonSpan(league, earlier);
  return shape(earlier, await seasonScores(db, from, to, asked.division));
}
