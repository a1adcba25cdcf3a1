import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { claims, entries, players, playerStats } from "../../db/schema";
import { badRequest, notFound } from "../../errors";
import { containsEveryWord } from "../../db/text-search";
import { balanceCentsSql, listedBalanceCentsSql } from "./balance-sql";
import { SearchTextSchema } from "~/schemas/players";
import { fullNameSql } from "../../db/player-name";

/** A player with rounds counted and averaged (one decimal), and the balance in cents. */
export type PlayerStats = {
  id: number;
  firstName: string;
  lastName: string;
  pdga: string | null;
  division: string;
  inactive: boolean;
  balanceCents: number;
  roundCount: number;
  roundCountYear: number;
  average: number | null;
  thisYearAverage: number | null;
};

export type PlayerDetail = PlayerStats & { claims: { id: number; status: string }[] };

/**
 * A player's page summary: the detail plus wins (rounds whose result puts them first,
 * ties included) and best score (the lowest recorded score; 0 means not scored yet).
 */
export type PlayerSummary = PlayerDetail & { wins: number; bestScore: number | null };

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

const statsColumns = {
  id: players.id,
  firstName: players.firstName,
  lastName: players.lastName,
  pdga: players.pdga,
  division: players.division,
  inactive: players.inactive,
  roundCount: sql<number>`coalesce(ps.round_count, 0) - coalesce(cx.played, 0)`.mapWith(Number),
  roundCountYear: sql<number>`coalesce(yr.year_count, 0)`.mapWith(Number),
  average: sql<number | null>`(ps.score_sum - coalesce(cx.score_sum, 0)) * 1.0 / nullif(ps.round_count - coalesce(cx.played, 0), 0)`,
  thisYearAverage: sql<number | null>`yr.year_average`,
  balanceCents: listedBalanceCentsSql(sql`${players.id}`).mapWith(Number),
};

// A result label starts 'position/total': '1/…' is a first place, ties included. The best
// score is player_stats' unless the player scored in a cancelled round: then it is read
// again without those rounds (their entries_player_stats_idx range; CASE asks only then).
const summaryColumns = {
  wins: sql<number>`coalesce(ps.wins, 0) - coalesce(cx.wins, 0)`.mapWith(Number),
  bestScore: sql<number | null>`case when cx.played is null then ps.best_score else
    (select min(e.score) from entries e join rounds r on r.id = e.round_id
     where e.league_id = ${players.leagueId} and e.player_id = ${players.id} and e.score > 0 and r.cancelled_at is null) end`,
};

/**
 * Players with their counts, averages and balance in one query, never a query per player.
 * Counts and averages take played (scored) rounds only: a sign-up for next week is not a
 * round played. All-time stats come from player_stats (one row a player, kept by triggers
 * on entries, migration 0010); this year's are aggregated here from this year's rounds
 * only (entries_round_score_idx), so their cost is one season's entries, never history's.
 *
 * A cancelled round counts for nothing (ADR 50), but its entries stay (a restore brings it
 * back) and player_stats' triggers see entries only: so what the cancelled rounds' scored
 * entries added there (`cx`, the same sums the triggers make) is taken off here, at the cost
 * of the cancelled rounds' entries, and this year's leave them out.
 */
function playerStatsQuery(db: Db, yearStart: number, onlyPlayer?: number) {
  // One player's page reads that player's entries only (their index range), not a season's.
  const only = onlyPlayer === undefined ? sql`` : sql`e.player_id = ${onlyPlayer} and`;
  return db
    .select({ ...statsColumns, ...summaryColumns })
    .from(players)
    .leftJoin(sql`${playerStats} ps`, sql`ps.player_id = ${players.id}`)
    .leftJoin(
      sql`(select e.player_id, count(*) as year_count, avg(e.score) as year_average
           from entries e
           where e.league_id = ${db.leagueId} and ${only} e.score > 0
             and e.round_id in (select id from rounds where league_id = ${db.leagueId} and d >= ${yearStart} and cancelled_at is null)
           group by e.player_id) yr`,
      sql`yr.player_id = ${players.id}`,
    )
    .leftJoin(
      sql`(select e.player_id, count(*) as played, sum(e.score) as score_sum, sum(coalesce(e.result, '') like '1/%') as wins
           from entries e
           where e.league_id = ${db.leagueId} and ${only} e.score > 0
             and e.round_id in (select id from rounds where league_id = ${db.leagueId} and cancelled_at is not null)
           group by e.player_id) cx`,
      sql`cx.player_id = ${players.id}`,
    )
    .where(and(inLeague(db, players), onlyPlayer === undefined ? undefined : eq(players.id, onlyPlayer)));
}

function withRoundedAverages<R extends PlayerStats>(r: R): R {
  return { ...r, average: round1(r.average), thisYearAverage: round1(r.thisYearAverage) };
}

export async function listPlayersWithStats(db: Db, yearStart: number): Promise<PlayerStats[]> {
  const rows = await playerStatsQuery(db, yearStart).orderBy(asc(players.lastName), asc(players.firstName));
  return rows.map(({ wins: _wins, bestScore: _best, ...row }) => withRoundedAverages(row));
}

/** getPlayer's two queries, unrun, so a page's batch can carry them (player-page.ts). */
export function playerSummaryQueries(db: Db, id: number, yearStart: number) {
  return [
    playerStatsQuery(db, yearStart, id),
    db
      .select({ id: claims.id, status: claims.status })
      .from(claims)
      .where(and(inLeague(db, claims), eq(claims.playerId, id))),
  ] as const;
}

type SummaryRows = { [K in 0 | 1]: Awaited<ReturnType<typeof playerSummaryQueries>[K]> };

/** The summary from those queries' rows; 404 when there is no such player. */
export function playerSummaryOf([[row], claimRows]: [SummaryRows[0], SummaryRows[1]]): PlayerSummary {
  if (!row) throw notFound("Player not found");
  return { ...withRoundedAverages(row), claims: claimRows };
}

/** One player's stats, claims, wins and best score: two queries run side by side. */
export async function getPlayer(db: Db, id: number, yearStart: number): Promise<PlayerSummary> {
  const [stats, claimList] = playerSummaryQueries(db, id, yearStart);
  return playerSummaryOf(await Promise.all([stats, claimList]));
}

export async function assertPlayerExists(db: Db, id: number): Promise<void> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(inLeague(db, players), eq(players.id, id)));
  if (!row) throw notFound("Player not found");
}

export type SimplePlayer = { id: number; firstName: string; lastName: string };

const simpleColumns = { id: players.id, firstName: players.firstName, lastName: players.lastName };

export async function simpleList(db: Db): Promise<SimplePlayer[]> {
  return db.select(simpleColumns).from(players).where(inLeague(db, players)).orderBy(asc(players.lastName), asc(players.firstName));
}

/** Players entered in a round: the entry manager leaves them out of its search. */
export async function playersInRound(db: Db, roundId: number): Promise<SimplePlayer[]> {
  return db
    .select(simpleColumns)
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(and(inLeague(db, entries), eq(entries.roundId, roundId)))
    .orderBy(asc(players.lastName), asc(players.firstName));
}

/** A search hit: enough for the public list (name, balance) and the admin's edit dialog. */
export type SearchResult = SimplePlayer & { balanceCents: number; pdga: string | null; division: string; inactive: boolean };

/** The columns of a SearchResult: the search's, and the recent players' (./recent-players.ts). */
export const searchResultColumns = {
  ...simpleColumns,
  pdga: players.pdga,
  division: players.division,
  inactive: players.inactive,
  balanceCents: balanceCentsSql(sql`${players.id}`).mapWith(Number),
};

/**
 * Players whose first name, last name or full name contains every word of the text
 * (case-insensitive), inactive players included: a returning player must be findable.
 */
export async function searchPlayers(db: Db, text: string, limit = 25): Promise<SearchResult[]> {
  const parsed = SearchTextSchema.safeParse(text);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid search text");
  const q = parsed.data;
  const words = q.split(" ").slice(0, 5);
  return db
    .select(searchResultColumns)
    .from(players)
    .where(and(inLeague(db, players), containsEveryWord(fullNameSql(players), words)))
    .orderBy(asc(players.lastName), asc(players.firstName))
    .limit(limit);
}
