import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, leagueSettings, rounds } from "../../db/schema";
import { courseNameOf, layoutParOf } from "../courses/layout-sql";
import { SETTINGS } from "~/lib/settings/league-settings";

// A player's best scores (the player page): one per layout played, with its par, because a
// 9-hole round's 28 and an 18-hole round's 55 are not one list (ADR 25: a round plays a
// layout). A round without a layout is measured against the league's par setting, grouped
// by its typed location. Doubles rounds (ADR 31) are a team's score: listed apart. A
// cancelled round's scores are void (ADR 50).

export type BestScore = {
  /** "Course · Layout", or the location of rounds played without a layout. */
  layout: string;
  score: number;
  par: number;
  toPar: number;
  /** The round it was shot in (the first, when equalled). */
  roundId: number;
  startsAt: number;
  roundName: string;
};

export type BestScores = { singles: BestScore[]; doubles: BestScore[] };

/** The round's league's par setting: the par of a round without a layout. */
const leagueParSql = sql<number>`coalesce((select ${leagueSettings.handicapPar} from ${leagueSettings} where ${leagueSettings.leagueId} = ${rounds.leagueId}), ${SETTINGS.handicapPar.default})`;

/** A round's par: its layout's, else the league's setting. */
export const roundParSql = sql<number>`coalesce(${layoutParOf(sql`${rounds.layoutId}`)}, ${leagueParSql})`;

/**
 * The best score per layout and format, unrun (for the page's batch). SQLite takes a bare
 * column from the row of the one min() in the select: the round is the one of the best.
 */
export function bestScoresQuery(db: Db, playerId: number) {
  const place = sql`case when ${rounds.layoutId} is null then ${rounds.location} end`;
  return db
    .select({
      score: sql<number>`min(${entries.score})`.mapWith(Number),
      layout: sql<string>`coalesce(${courseNameOf(sql`${rounds.layoutId}`)} || ' · ' || (select l.name from layouts l where l.id = ${rounds.layoutId}), ${rounds.location})`,
      par: roundParSql.mapWith(Number),
      doubles: rounds.doubles,
      roundId: rounds.id,
      startsAt: rounds.startsAt,
      roundName: rounds.name,
    })
    .from(entries)
    .innerJoin(rounds, eq(rounds.id, entries.roundId))
    .where(
      and(inLeague(db, entries), eq(entries.playerId, playerId), gt(entries.score, 0), eq(entries.dnf, false), isNull(rounds.cancelledAt)),
    )
    .groupBy(rounds.layoutId, place, rounds.doubles);
}

export function bestScoresOf(rows: Awaited<ReturnType<typeof bestScoresQuery>>): BestScores {
  const shown = rows
    .map(({ doubles, ...r }) => ({ doubles, best: { ...r, toPar: r.score - r.par } }))
    .sort((a, b) => a.best.layout.localeCompare(b.best.layout));
  return { singles: shown.filter((r) => !r.doubles).map((r) => r.best), doubles: shown.filter((r) => r.doubles).map((r) => r.best) };
}
