import { asc, eq, getTableColumns, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { entries, rounds } from "../db/schema";
import { notFound } from "../errors";
import { type RoundDto, positionLabel, roundDto } from "./dto";
import { assertPlayerExists } from "./players";
import { toDollars } from "~/lib/money";
import { isToday } from "~/lib/time";

const roundWithCount = {
  ...getTableColumns(rounds),
  // rounds.id nested in its own sql``: a single-table select writes bare top-level columns ("id"), which the subquery would read as entries.id.
  entryCount: sql<number>`(select count(*) from ${entries} where ${entries.roundId} = ${sql`${rounds.id}`})`,
};

/** Rounds in date order; `since` (epoch seconds) limits to the current league year. */
export async function listRounds(db: Db, since?: number): Promise<RoundDto[]> {
  const rows = await db
    .select(roundWithCount)
    .from(rounds)
    .where(since === undefined ? undefined : gte(rounds.d, since))
    .orderBy(asc(rounds.d), asc(rounds.id));
  return rows.map(roundDto);
}

export async function getRound(db: Db, id: number): Promise<RoundDto> {
  const [row] = await db.select(roundWithCount).from(rounds).where(eq(rounds.id, id));
  if (!row) throw notFound("Round not found");
  return roundDto(row);
}

export type RoundLists = { past: RoundDto[]; future: RoundDto[]; today: RoundDto[] };

/** The home page's split: past (before now, newest first), future (soonest first), today (±24 h). */
export function splitRounds(all: RoundDto[], now: number): RoundLists {
  const past = all.filter((r) => r.d < now).reverse();
  const future = all.filter((r) => r.d >= now);
  const today = all.filter((r) => isToday(r.d, now));
  return { past, future, today };
}

export type PlayerRoundDto = {
  round_id: number;
  d: number;
  n: string;
  division: string;
  score: number;
  result: string | null;
  position: string | null;
  payout: number;
  payoutAdjust: number;
  EntryPayout: number;
  credit_added: number;
  credit_used: number;
};

/** A player's rounds, newest first. */
export async function roundsByPlayer(db: Db, playerId: number): Promise<PlayerRoundDto[]> {
  await assertPlayerExists(db, playerId);
  const rows = await db
    .select({
      roundId: rounds.id,
      d: rounds.d,
      n: rounds.n,
      division: entries.division,
      score: entries.score,
      result: entries.result,
      payoutCents: entries.payoutCents,
      payoutAdjustCents: entries.payoutAdjustCents,
      creditAddedCents: entries.creditAddedCents,
      creditUsedCents: entries.creditUsedCents,
    })
    .from(entries)
    .innerJoin(rounds, eq(rounds.id, entries.roundId))
    .where(eq(entries.playerId, playerId))
    .orderBy(sql`${rounds.d} desc`);
  return rows.map((r) => ({
    round_id: r.roundId,
    d: r.d,
    n: r.n,
    division: r.division,
    score: r.score,
    result: r.result,
    position: positionLabel(r.result),
    payout: toDollars(r.payoutCents),
    payoutAdjust: toDollars(r.payoutAdjustCents),
    EntryPayout: toDollars(r.payoutCents + r.payoutAdjustCents),
    credit_added: toDollars(r.creditAddedCents),
    credit_used: toDollars(r.creditUsedCents),
  }));
}
