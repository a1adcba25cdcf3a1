import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { entrySidePotsCentsSql } from "../sidepots/pot-sql";
import { type Db, inLeague } from "../../db/client";
import { entries, players, rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { chunk } from "../../db/chunk";

/** An entry with its player's name; money in cents. */
export type EntryRow = {
  id: number;
  playerId: number;
  roundId: number;
  firstName: string;
  lastName: string;
  pdga: string | null;
  division: string;
  /** Opted in to the ace fund. */
  ace: boolean;
  score: number;
  /** Did not finish (ADR 26): placed last, paid nothing, not rated; the score stays 0. */
  dnf: boolean;
  payoutCents: number;
  payoutAdjustCents: number;
  /** What the entry was paid: the computed payout plus the admin's adjustment. */
  entryPayoutCents: number;
  creditAddedCents: number;
  creditUsedCents: number;
  /** What Credit payouts credited it for when it last ran; null when set by hand or never (ADR 37). */
  creditedForCents: number | null;
  paymentId: number | null;
  result: string | null;
  /** What the entry's side pots add to its price (ADR 30). */
  sidePotsCents: number;
  /** A doubles round's team number (ADR 31), null before the draw. */
  team: number | null;
  /** This score's round rating (services/ratings/round-ratings.ts), null until rated. */
  rating: number | null;
  /** Bumped by a trigger on every change an editor shows; an edit sends it back (ADR 20). */
  version: number;
};

/** The columns of an EntryRow (entries joined to players), for any query that reads one. */
export const entryColumns = {
  id: entries.id,
  playerId: entries.playerId,
  roundId: entries.roundId,
  firstName: players.firstName,
  lastName: players.lastName,
  pdga: players.pdga,
  division: entries.division,
  ace: entries.ace,
  score: entries.score,
  dnf: entries.dnf,
  payoutCents: entries.payoutCents,
  payoutAdjustCents: entries.payoutAdjustCents,
  creditAddedCents: entries.creditAddedCents,
  creditUsedCents: entries.creditUsedCents,
  creditedForCents: entries.creditedForCents,
  paymentId: entries.paymentId,
  result: entries.result,
  rating: entries.rating,
  sidePotsCents: entrySidePotsCentsSql(sql`${entries.id}`).mapWith(Number),
  team: entries.team,
  version: entries.version,
};

/** The query of the league's entries `where` picks, with their players' names, unrun: a page's batch can carry it (round-page.ts). */
export function entriesQuery(db: Db, where: SQL) {
  return db
    .select(entryColumns)
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(and(inLeague(db, entries), where));
}

type EntryQueryRow = Awaited<ReturnType<typeof entriesQuery>>[number];
export const toEntryRow = (r: EntryQueryRow): EntryRow => ({ ...r, entryPayoutCents: r.payoutCents + r.payoutAdjustCents });

async function selectEntries(db: Db, where: SQL): Promise<EntryRow[]> {
  return (await entriesQuery(db, where)).map(toEntryRow);
}

/** Rows of entriesQuery as one round's page shows them: with the paid amount, by division then score. */
export const roundEntryRows = (rows: EntryQueryRow[]): EntryRow[] => sortForDisplay(rows.map(toEntryRow));

/** Entries of one round, by division then score (lower is better; unscored last). */
export async function entriesForRound(db: Db, roundId: number): Promise<EntryRow[]> {
  // Asked together (one trip); the 404 still wins, and the rows are then never sent.
  const [[round], list] = await Promise.all([
    db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    selectEntries(db, eq(entries.roundId, roundId)),
  ]);
  if (!round) throw notFound("Round not found");
  return sortForDisplay(list);
}

/** One entry with its player's name (404 when there is none). */
export async function entryById(db: Db, id: number): Promise<EntryRow> {
  const [row] = await selectEntries(db, eq(entries.id, id));
  if (!row) throw notFound("Entry not found");
  return row;
}

/** Entries of several rounds (the multi-round editor), in as few queries as D1 allows. */
export async function entriesForRounds(db: Db, roundIds: number[]): Promise<EntryRow[]> {
  const ids = [...new Set(roundIds)];
  const batches = await Promise.all(chunk(ids).map((part) => selectEntries(db, inArray(entries.roundId, part))));
  return sortForDisplay(batches.flat()).sort((a, b) => a.roundId - b.roundId);
}

function sortForDisplay(list: EntryRow[]): EntryRow[] {
  const key = (e: EntryRow) => (e.score > 0 ? e.score : Number.MAX_SAFE_INTEGER);
  return list.sort(
    (a, b) =>
      a.division.localeCompare(b.division) ||
      key(a) - key(b) ||
      a.lastName.localeCompare(b.lastName) ||
      a.firstName.localeCompare(b.firstName),
  );
}
