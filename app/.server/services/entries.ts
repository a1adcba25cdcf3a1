import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { entries, players, rounds } from "../db/schema";
import { notFound } from "../errors";
import { positionLabel } from "./dto";
import { chunk } from "./ids";
import { toDollars } from "~/lib/money";

export type EntryDto = {
  id: number;
  player_id: number;
  round_id: number;
  fn: string;
  ln: string;
  pdga: string | null;
  division: string;
  ace: boolean;
  score: number;
  payout: number;
  payoutAdjust: number;
  credit_added: number;
  credit_used: number;
  payment_id: number | null;
  EntryPayout: number;
  result: string | null;
  position: string | null;
};

const entryColumns = {
  id: entries.id,
  playerId: entries.playerId,
  roundId: entries.roundId,
  fn: players.fn,
  ln: players.ln,
  pdga: players.pdga,
  division: entries.division,
  ace: entries.ace,
  score: entries.score,
  payoutCents: entries.payoutCents,
  payoutAdjustCents: entries.payoutAdjustCents,
  creditAddedCents: entries.creditAddedCents,
  creditUsedCents: entries.creditUsedCents,
  paymentId: entries.paymentId,
  result: entries.result,
};

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function entryDto(r: EntryRow): EntryDto {
  return {
    id: r.id,
    player_id: r.playerId,
    round_id: r.roundId,
    fn: r.fn,
    ln: r.ln,
    pdga: r.pdga,
    division: r.division,
    ace: r.ace,
    score: r.score,
    payout: toDollars(r.payoutCents),
    payoutAdjust: toDollars(r.payoutAdjustCents),
    credit_added: toDollars(r.creditAddedCents),
    credit_used: toDollars(r.creditUsedCents),
    payment_id: r.paymentId,
    EntryPayout: toDollars(r.payoutCents + r.payoutAdjustCents),
    result: r.result,
    position: positionLabel(r.result),
  };
}

function selectEntries(db: Db) {
  return db.select(entryColumns).from(entries).innerJoin(players, eq(players.id, entries.playerId));
}

/** Entries of one round, by division then score (lower is better; unscored last). */
export async function entriesForRound(db: Db, roundId: number): Promise<EntryDto[]> {
  const [round] = await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, roundId));
  if (!round) throw notFound("Round not found");
  const rows = await selectEntries(db)
    .where(eq(entries.roundId, roundId))
    .orderBy(asc(entries.division), asc(entries.score), asc(players.ln), asc(players.fn));
  return sortForDisplay(rows.map(entryDto));
}

/** Entries of several rounds (the multi-round editor), in as few queries as D1 allows. */
export async function entriesForRounds(db: Db, roundIds: number[]): Promise<EntryDto[]> {
  const ids = [...new Set(roundIds)];
  const batches = await Promise.all(
    chunk(ids).map((part) => selectEntries(db).where(inArray(entries.roundId, part))),
  );
  return sortForDisplay(batches.flat().map(entryDto)).sort((a, b) => a.round_id - b.round_id);
}

function sortForDisplay(list: EntryDto[]): EntryDto[] {
  const key = (e: EntryDto) => (e.score > 0 ? e.score : Number.MAX_SAFE_INTEGER);
  return list.sort(
    (a, b) => a.division.localeCompare(b.division) || key(a) - key(b) || a.ln.localeCompare(b.ln),
  );
}
