import { and, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague, readTogether } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { tagMoves } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict } from "../../errors";
import { type TagMoveFact, type TagRound, applyMoves, roundMoves } from "./tag-rules";
import { tagMovesSql } from "./tag-sql";
import { SETTINGS } from "~/lib/settings/league-settings";
import { DAY_SECONDS } from "~/lib/shared/time";

// A tags round's swap is written when its results are saved (ADR 27): from the holdings
// before the earliest round concerned, every tags round from it on is swapped again in
// round order, and the rounds' moves are replaced by the ones computed, in one batch
// guarded by a fingerprint of what was read (the tag history, those rounds' entries and
// flags, the settings). Computing the moves stored already writes nothing, so a save of
// the same results, or twenty at once, leaves one swap. A cancelled round (ADR 50) swaps no
// tags and is no one's presence: the replay from its date after a cancel leaves it out (its
// moves are deleted with the others from then on), and after a restore counts it again.

const MAX_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/** Expiry is at most 12 weeks: presence further back than that (and a day) cannot matter. */
const PRESENCE_WINDOW = (12 * 7 + 1) * DAY_SECONDS;

/**
 * What the swap depends on from `from` on, as one text: any change to it makes a planned
 * swap stale. A round's cancel or restore (cancelled_at, not versioned) is in it too.
 */
function fingerprintSql(leagueId: number, from: number) {
  return sql<string>`(
    (select count(*) || ':' || coalesce(max(id), 0) from tag_moves where league_id = ${leagueId})
    || '|' || coalesce((select group_concat(x, ',') from (select e.id || ':' || e.version as x from entries e
         join rounds r on r.league_id = e.league_id and r.id = e.round_id where r.league_id = ${leagueId} and r.counts_for_tags = 1 and r.d >= ${from} order by e.id)), '')
    || '|' || coalesce((select group_concat(x, ',') from (select id || ':' || version || ':' || coalesce(cancelled_at, '') as x from rounds
         where league_id = ${leagueId} and d >= ${from} order by id)), '')
    || '|' || coalesce((select bag_tags || ':' || tag_expiry_weeks from league_settings where league_id = ${leagueId}), '')
  )`;
}

type RoundRow = { roundId: number; startsAt: number; playerId: number; score: number; dnf: number };

async function readFrom(db: Db, from: number) {
  const [settings, moves, rows, presence, [fp]] = await readTogether<
    [{ bagTags: string; expiryWeeks: number }, TagMoveFact, RoundRow, { playerId: number; startsAt: number }, { fingerprint: string }]
  >(db, [
    sql`select bag_tags as bagTags, tag_expiry_weeks as expiryWeeks from league_settings where league_id = ${db.leagueId}`,
    tagMovesSql(db.leagueId),
    sql`select r.id as roundId, r.d as startsAt, e.player_id as playerId, e.score as score, e.dnf as dnf
        from rounds r join entries e on e.league_id = r.league_id and e.round_id = r.id
        where r.league_id = ${db.leagueId} and r.counts_for_tags = 1 and r.cancelled_at is null and r.d >= ${from} order by r.d, r.id`,
    sql`select e.player_id as playerId, r.d as startsAt from entries e join rounds r on r.league_id = e.league_id and r.id = e.round_id
        where r.league_id = ${db.leagueId} and (e.score > 0 or e.dnf = 1) and r.cancelled_at is null and r.d >= ${from - PRESENCE_WINDOW}`,
    sql`select ${fingerprintSql(db.leagueId, from)} as fingerprint`,
  ]);
  const on = settings[0] !== undefined && settings[0].bagTags !== "off";
  return {
    on,
    expiryWeeks: settings[0]?.expiryWeeks ?? SETTINGS.tagExpiryWeeks.default,
    moves,
    rounds: tagRounds(rows),
    presence,
    fingerprint: fp?.fingerprint ?? "",
  };
}

function tagRounds(rows: RoundRow[]): TagRound[] {
  const out: TagRound[] = [];
  for (const r of rows) {
    let round = out.at(-1);
    if (round?.id !== r.roundId) {
      round = { id: r.roundId, startsAt: r.startsAt, entries: [] };
      out.push(round);
    }
    round.entries.push({ playerId: r.playerId, score: r.score, dnf: Boolean(r.dnf) });
  }
  // A round with no result yet swaps nothing, and its absentees do not expire.
  return out.filter((round) => round.entries.some((e) => e.score > 0 || e.dnf));
}

/** The rounds' moves from `from` on, replayed over the holdings before it and the admins' moves between. */
export function replay(read: Awaited<ReturnType<typeof readFrom>>, from: number): TagMoveFact[] {
  const holdings = applyMoves(
    new Map(),
    read.moves.filter((m) => m.at < from),
  );
  const admin = read.moves.filter((m) => m.roundId === null && m.at >= from);
  const lastPresent = (playerId: number, before: number) =>
    read.presence.reduce<number | null>(
      (last, p) => (p.playerId === playerId && p.startsAt < before && (last === null || p.startsAt > last) ? p.startsAt : last),
      null,
    );
  const out: TagMoveFact[] = [];
  let next = 0;
  for (const round of read.rounds) {
    const before = admin.slice(next).findIndex((m) => m.at >= round.startsAt);
    const upTo = before === -1 ? admin.length : next + before;
    applyMoves(holdings, admin.slice(next, upTo));
    next = upTo;
    const moves = roundMoves(holdings, round, read.expiryWeeks, (playerId) => lastPresent(playerId, round.startsAt));
    applyMoves(holdings, moves);
    out.push(...moves);
  }
  return out;
}

const key = (m: TagMoveFact) => `${m.roundId}:${m.tag}:${m.fromPlayerId}:${m.toPlayerId}:${m.reason}:${m.at}`;
const sameMoves = (a: TagMoveFact[], b: TagMoveFact[]) => a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join();

/**
 * Swaps the tags rounds from `from` (a round's start) on again, and writes their moves
 * where they differ from those stored. Nothing while the league's tags are off.
 */
export async function syncTags(db: Db, from: number): Promise<{ written: number }> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const read = await readFrom(db, from);
    if (!read.on) return { written: 0 };
    const moves = replay(read, from);
    const stored = read.moves.filter((m) => m.roundId !== null && m.at >= from);
    if (sameMoves(moves, stored)) return { written: 0 };
    const fields = ["tag", "fromPlayerId", "toPlayerId", "roundId", "reason", "at"] as const;
    try {
      await db.batch([
        writeGuard(db, "tagsChanged", sql`${fingerprintSql(db.leagueId, from)} is not ${read.fingerprint}`),
        db.delete(tagMoves).where(and(inLeague(db, tagMoves), sql`${tagMoves.roundId} is not null and ${tagMoves.at} >= ${from}`)),
        db.insert(tagMoves).select(
          db
            .select(rowOf(db.leagueId, tagMoves, Object.fromEntries(fields.map((f) => [f, sql.raw(`json_extract(value, '$.${f}')`)]))))
            .from(sql`json_each(${JSON.stringify(moves)})`)
            .orderBy(sql`key`),
        ),
      ]);
      return { written: moves.length };
    } catch (err) {
      if (checkFailed(err, "tags_changed")) continue;
      throw err;
    }
  }
  throw conflict("The bag tags changed while their swap was saved. Please save again.");
}
