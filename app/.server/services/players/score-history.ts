import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, rounds } from "../../db/schema";
import { type ChartMetric, type HistoryPoint, type ScoreChart, scoreChart } from "~/lib/players/score-chart";
import { roundParSql } from "./best-scores";

/**
 * A player's scored singles entries (score above 0; a doubles round's score is a team's,
 * ADR 31) with their rounds' dates and pars, oldest first: one query, on
 * entries_player_stats_idx (player_id, score) and the rounds' primary key. A cancelled
 * round's score is void (ADR 50): not in the history.
 */
export async function scoreHistory(db: Db, playerId: number): Promise<HistoryPoint[]> {
  return db
    .select({
      roundId: rounds.id,
      startsAt: rounds.startsAt,
      roundName: rounds.name,
      score: entries.score,
      par: roundParSql.mapWith(Number),
      rating: entries.rating,
    })
    .from(entries)
    .innerJoin(rounds, eq(rounds.id, entries.roundId))
    .where(
      and(
        inLeague(db, entries),
        eq(entries.playerId, playerId),
        gt(entries.score, 0),
        eq(rounds.doubles, false),
        isNull(rounds.cancelledAt),
      ),
    )
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
}

/** `?chart=ratings` asks for round ratings; anything else (or nothing) is scores. */
export const chartMetricOf = (url: string): ChartMetric => (new URL(url).searchParams.get("chart") === "ratings" ? "ratings" : "scores");

/** The player page's score chart (app/lib/players/score-chart.ts), or null before their first score. */
export async function playerScoreChart(db: Db, playerId: number, url: string, timeZone: string): Promise<ScoreChart | null> {
  return scoreChart(await scoreHistory(db, playerId), chartMetricOf(url), timeZone);
}
