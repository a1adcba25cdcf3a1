import { and, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, checkFailed, inLeague } from "../../db/client";
import { entries } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { RATING_ROUNDS, type WalkEntry, rateRounds } from "~/lib/ratings/rating-walk";

// Stored round ratings (entries.rating), kept in line with the scores by the "ratings"
// job (ADR 17). A round's ratings depend on its players' ratings going in, so a change to
// one round re-rates it and every round after it, in date order (d, then id).

type Row = WalkEntry & { roundId: number; rating: number | null };

export type RecomputeResult = { rounds: number; entries: number; changed: number };

/** Thrown when the scores changed while re-rating: the job is retried from a fresh read. */
export class RatingsRaced extends Error {}

// Cheap stand-in for "the scores and dates read": any entry added, removed, re-scored or
// moved to another date changes it. Read once before, and again inside the write batch.
// Ratings are the league's own (ADR 46): its rounds only, here and in every read below.
// A cancelled round (ADR 50) is neither read nor rated: its scores feed no one's rating and
// its entries keep whatever they held (a restore rerates from its date). Cancelling or
// restoring one changes the fingerprint (its entries leave or rejoin the count).
const fingerprint = (db: Db, since: number) => sql`(select count(*) || ':' || coalesce(sum(e.score * (e.id % 10007 + 1)), 0)
    || ':' || coalesce(sum((r.d % 100003) * (e.id % 101 + 1)), 0)
  from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
  where r.league_id = ${db.leagueId} and r.d >= ${since} and r.cancelled_at is null)`;

/** The rounds dated `since` or later, their entries in date order. */
async function readFrom(db: Db, since: number): Promise<{ rows: Row[]; print: string }> {
  const [rows, [print]] = await Promise.all([
    // A round ended early (ADR 50) is rated by no one: its results are to par over some holes,
    // not a round's strokes, and a rating fitted to them would move every player's rating.
    db.all<Row>(sql`select e.id as id, e.round_id as roundId, e.player_id as playerId,
        case when r.ended_early_at is null then e.score else 0 end as score, e.rating as rating
      from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id where r.league_id = ${db.leagueId} and r.d >= ${since} and r.cancelled_at is null order by r.d, r.id`),
    db.all<{ print: string }>(sql`select ${fingerprint(db, since)} as print`),
  ]);
  return { rows, print: print?.print ?? "" };
}

/** Each of `players`' last RATING_ROUNDS round ratings before `since`, oldest first: one query per 2,000 players. */
async function historyBefore(db: Db, players: number[], since: number): Promise<Map<number, number[]>> {
  const history = new Map<number, number[]>();
  for (let i = 0; i < players.length; i += 2000) {
    const rows = await db.all<{ playerId: number; rating: number }>(sql`
      select player_id as playerId, rating from (
        select e.player_id, e.rating, row_number() over (partition by e.player_id order by r.d desc, r.id desc) as rn
        from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
        where e.player_id in (select value from json_each(${JSON.stringify(players.slice(i, i + 2000))}))
          and e.league_id = ${db.leagueId} and r.d < ${since} and r.cancelled_at is null and e.score > 0 and e.rating is not null
      ) where rn <= ${RATING_ROUNDS} order by player_id, rn desc`);
    for (const r of rows) history.set(r.playerId, [...(history.get(r.playerId) ?? []), r.rating]);
  }
  return history;
}

// One statement sets many ratings: the list travels as one JSON parameter (D1 binds at most 100).
const WRITE_CHUNK = 2000;
const setRatings = (db: Db, list: [number, number | null][]) =>
  db
    .update(entries)
    .set({ rating: sql`v.rating` })
    .from(
      sql`(select json_extract(value, '$[0]') as id, json_extract(value, '$[1]') as rating from json_each(${JSON.stringify(list)})) as v`,
    )
    .where(and(inLeague(db, entries), sql`${entries.id} = v.id`));

/**
 * Re-rates every round dated `since` or later (all rounds without it) and writes the
 * ratings that differ, in one batch guarded by the scores it read: if they changed
 * meanwhile, nothing is written and RatingsRaced is thrown (the job retries). Running it
 * twice changes nothing the second time.
 */
export async function recomputeRatings(db: Db, since = Number.MIN_SAFE_INTEGER): Promise<RecomputeResult> {
  const { rows, print } = await readFrom(db, since);
  const rounds = new Map<number, Row[]>();
  for (const r of rows) rounds.set(r.roundId, [...(rounds.get(r.roundId) ?? []), r]);
  const history = since === Number.MIN_SAFE_INTEGER ? new Map() : await historyBefore(db, [...new Set(rows.map((r) => r.playerId))], since);
  const rated = rateRounds([...rounds.values()], history);
  const changed = rows.flatMap((r): [number, number | null][] => (rated.get(r.id) !== r.rating ? [[r.id, rated.get(r.id) ?? null]] : []));
  if (changed.length > 0) {
    const guard = writeGuard(db, "roundChanged", sql`${fingerprint(db, since)} is not ${print}`);
    const writes: BatchItem<"sqlite">[] = [];
    for (let i = 0; i < changed.length; i += WRITE_CHUNK) writes.push(setRatings(db, changed.slice(i, i + WRITE_CHUNK)));
    try {
      await db.batch([guard, ...writes]);
    } catch (err) {
      if (checkFailed(err, "round_changed")) throw new RatingsRaced("Scores changed while re-rating; retrying");
      throw err;
    }
  }
  return { rounds: rounds.size, entries: rows.length, changed: changed.length };
}
