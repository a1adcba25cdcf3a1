import { and, asc, desc, eq, getTableColumns, gte, lt, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { type Round, entries, rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { assertPlayerExists } from "../players/players";
import { isToday, wallParts } from "~/lib/shared/time";
import { fullNameSql } from "../../db/player-name";

const roundWithCount = {
  ...getTableColumns(rounds),
  // Open for sign-ups now: the flag, and the start still to come (ADR 39). Derived where it is
  // read, so a round that has started reads closed before the cron settles its flag.
  openForRegistration: sql<boolean>`(${rounds.openForRegistration} = 1 and ${rounds.startsAt} > unixepoch())`.mapWith(Boolean),
  // rounds.id nested in its own sql``: a single-table select writes bare top-level columns ("id"), which the subquery would read as entries.id.
  entryCount:
    sql<number>`(select count(*) from ${entries} where ${entries.leagueId} = ${sql`${rounds.leagueId}`} and ${entries.roundId} = ${sql`${rounds.id}`})`.mapWith(
      Number,
    ),
};

/** A round with the number of entries in it. */
export type RoundRow = Round & { entryCount: number };

/** One round with its entry count, unrun (no row when there is no such round): for a page's batch. */
export const roundQuery = (db: Db, id: number) =>
  db
    .select(roundWithCount)
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, id)));

/** Rounds dated from `since` (epoch seconds) and, given `to`, before it, in date order, unrun: for a page's batch. */
export const roundsFromQuery = (db: Db, since?: number, to?: number) =>
  db
    .select(roundWithCount)
    .from(rounds)
    .where(
      and(
        inLeague(db, rounds),
        since === undefined ? undefined : gte(rounds.startsAt, since),
        to === undefined ? undefined : lt(rounds.startsAt, to),
      ),
    )
    .orderBy(asc(rounds.startsAt), asc(rounds.id));

/** Rounds in date order; `since` (epoch seconds) limits to the current league year. */
export async function listRounds(db: Db, since?: number): Promise<RoundRow[]> {
  return roundsFromQuery(db, since);
}

export async function getRound(db: Db, id: number): Promise<RoundRow> {
  const [row] = await roundQuery(db, id);
  if (!row) throw notFound("Round not found");
  return row;
}

/** A round as the home page's lists show it: only these fields go into the page (its HTML budget). */
export type ListedRound = Pick<
  RoundRow,
  "id" | "startsAt" | "name" | "location" | "openForRegistration" | "entryCount" | "cancelledAt" | "cancelReason"
>;

export const listedRound = (r: RoundRow): ListedRound => ({
  id: r.id,
  startsAt: r.startsAt,
  name: r.name,
  location: r.location,
  openForRegistration: r.openForRegistration,
  entryCount: r.entryCount,
  cancelledAt: r.cancelledAt,
  cancelReason: r.cancelReason,
});

type RoundLists<R> = { past: R[]; future: R[]; today: R[] };

/** The home page's split: past (before now, newest first), future (soonest first), today (±24 h). */
export function splitRounds<R extends { startsAt: number }>(all: R[], now: number): RoundLists<R> {
  const past = all.filter((r) => r.startsAt < now).reverse();
  const future = all.filter((r) => r.startsAt >= now);
  const today = all.filter((r) => isToday(r.startsAt, now));
  return { past, future, today };
}

/** One round a player entered, with what the entry won and moved on their balance. */
export type PlayerRound = {
  roundId: number;
  startsAt: number;
  roundName: string;
  division: string;
  score: number;
  result: string | null;
  payoutCents: number;
  payoutAdjustCents: number;
  /** What the entry was paid: the computed payout plus the admin's adjustment. */
  entryPayoutCents: number;
  creditAddedCents: number;
  creditUsedCents: number;
  /** The score's round rating, null until rated. */
  rating: number | null;
  /** When the round was cancelled (ADR 50): its result is void; null for a round that counts. */
  cancelledAt: number | null;
  cancelReason: string | null;
};

/** A player's rounds, newest first. */
export async function roundsByPlayer(db: Db, playerId: number): Promise<PlayerRound[]> {
  // Asked together (one trip); the 404 still wins.
  const [, rows] = await Promise.all([assertPlayerExists(db, playerId), playerRoundsQuery(db, playerId)]);
  return playerRoundRows(rows);
}

/**
 * A player's rounds, newest first, unrun (no check that the player exists): for a page's
 * batch. A cancelled round stays listed (its entry's money is still the player's) and says
 * so: its result is void (ADR 50).
 */
export function playerRoundsQuery(db: Db, playerId: number) {
  return db
    .select({
      roundId: rounds.id,
      startsAt: rounds.startsAt,
      roundName: rounds.name,
      division: entries.division,
      score: entries.score,
      result: entries.result,
      payoutCents: entries.payoutCents,
      payoutAdjustCents: entries.payoutAdjustCents,
      creditAddedCents: entries.creditAddedCents,
      creditUsedCents: entries.creditUsedCents,
      rating: entries.rating,
      cancelledAt: rounds.cancelledAt,
      cancelReason: rounds.cancelReason,
    })
    .from(entries)
    .innerJoin(rounds, eq(rounds.id, entries.roundId))
    .where(and(inLeague(db, entries), eq(entries.playerId, playerId)))
    .orderBy(sql`${rounds.startsAt} desc`);
}

export const playerRoundRows = (rows: Awaited<ReturnType<typeof playerRoundsQuery>>): PlayerRound[] =>
  rows.map((r) => ({ ...r, entryPayoutCents: r.payoutCents + r.payoutAdjustCents }));

/** The seasons (league years, newest first) that have rounds, from the first round's to the last's. */
export async function listSeasons(db: Db, timeZone: string): Promise<number[]> {
  return seasonsOf(await seasonSpanQuery(db), timeZone);
}

/** The first and last round's dates, unrun: for a page's batch (seasonsOf reads its rows). */
export const seasonSpanQuery = (db: Db) =>
  db
    .select({ first: sql<number | null>`min(${rounds.startsAt})`, last: sql<number | null>`max(${rounds.startsAt})` })
    .from(rounds)
    .where(inLeague(db, rounds));

export function seasonsOf([span]: Awaited<ReturnType<typeof seasonSpanQuery>>, timeZone: string): number[] {
  if (!span?.first || !span.last) return [];
  const first = wallParts(span.first, timeZone).year;
  const last = wallParts(span.last, timeZone).year;
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}

/** Rounds dated within [from, to), in date order. */
export async function roundsBetween(db: Db, from: number, to: number): Promise<RoundRow[]> {
  return roundsFromQuery(db, from, to);
}

/** The rounds with these ids (unknown ones are skipped), in date order; the list is one bound parameter. */
export async function roundsByIds(db: Db, ids: readonly number[]): Promise<RoundRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(roundWithCount)
    .from(rounds)
    .where(and(inLeague(db, rounds), sql`${rounds.id} in (select value from json_each(${JSON.stringify(ids)}))`))
    .orderBy(asc(rounds.startsAt), asc(rounds.id));
}

/** The latest round (by date, future ones included), or null before the first: when and where it is played. */
export async function latestRound(db: Db): Promise<{ startsAt: number; location: string; layoutId: number | null } | null> {
  const [row] = await db
    .select({ startsAt: rounds.startsAt, location: rounds.location, layoutId: rounds.layoutId })
    .from(rounds)
    .where(inLeague(db, rounds))
    .orderBy(desc(rounds.startsAt), desc(rounds.id))
    .limit(1);
  return row ?? null;
}

/** The best (lowest) score of a round and who shot it; ties list every name. */
export type LowScore = { score: number; names: string[] };

/**
 * The low score of every round dated within [from, to), in one query: each round's
 * minimum score above zero, joined back to the entries that shot it. A cancelled round has
 * none: its scores are void (ADR 50).
 */
export async function lowScoresBetween(db: Db, from: number, to: number): Promise<Map<number, LowScore>> {
  return lowScoresOf(await lowScoresQuery(db, from, to));
}

/**
 * lowScoresBetween's query, unrun: for a page's batch (lowScoresOf reads its rows). A
 * select, not db.all: drizzle's D1 batch cannot bind a raw query's parameters.
 */
export const lowScoresQuery = (db: Db, from: number, to: number) =>
  db
    .select({ roundId: sql<number>`e.round_id`, score: sql<number>`e.score`, name: fullNameSql("p") })
    // The rounds' lows first, then the entries that shot each, by the league's (round, score)
    // index: a cross join keeps that order (left to right), where the planner would otherwise
    // walk every entry of the league and probe the lows.
    .from(sql`(
        select round_id, min(score) as low from entries
        where league_id = ${db.leagueId} and score > 0 and round_id in (select id from rounds where league_id = ${db.leagueId} and d >= ${from} and d < ${to} and cancelled_at is null)
        group by round_id
      ) m
      cross join entries e on e.league_id = ${db.leagueId} and e.round_id = m.round_id and e.score = m.low
      join players p on p.id = e.player_id`)
    .orderBy(sql`p.ln, p.fn`);

export function lowScoresOf(rows: { roundId: number; score: number; name: string }[]): Map<number, LowScore> {
  const lows = new Map<number, LowScore>();
  for (const r of rows) {
    const low = lows.get(r.roundId) ?? { score: r.score, names: [] };
    low.names.push(r.name);
    lows.set(r.roundId, low);
  }
  return lows;
}
