import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, sidePotPlayers, sidePots } from "../../db/schema";
import { rowOf } from "../../db/insert-select";
import { conflict, notFound } from "../../errors";

// The side pots a player buys into with their sign-up (ADR 30): paid with the entry, by
// credit or PayPal, and joined in the same batch that makes the entry.

/** The chosen pots of the round, each still open: 404 for one not in the round, 409 for one paid. */
export async function potsForSignUp(db: Db, roundId: number, ids: readonly number[]) {
  return checkPotsForSignUp(ids, await potsForSignUpQuery(db, roundId, ids));
}

type PotRow = { id: number; name: string; buyInCents: number; settledAt: number | null };

/** potsForSignUp's read, so a sign-up asks it beside its other reads (ADR 41); none asked when none chosen. */
export async function potsForSignUpQuery(db: Db, roundId: number, ids: readonly number[]): Promise<PotRow[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  return db
    .select({ id: sidePots.id, name: sidePots.name, buyInCents: sidePots.buyInCents, settledAt: sidePots.settledAt })
    .from(sidePots)
    .where(and(inLeague(db, sidePots), eq(sidePots.roundId, roundId), inArray(sidePots.id, wanted)));
}

/** potsForSignUp's checks on what its read found. */
export function checkPotsForSignUp(ids: readonly number[], pots: PotRow[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  if (pots.length !== wanted.length) throw notFound("Side pot not found");
  const paid = pots.find((p) => p.settledAt !== null);
  if (paid) throw conflict(`${paid.name} is already paid out: it takes no more players.`);
  return pots.sort((a, b) => a.id - b.id);
}

/** Inserts joining the new entry (of `roundId` and `playerId`, made earlier in the batch) to each pot. */
export function joinPots(db: Db, roundId: number, playerId: number, potIds: readonly number[]) {
  return potIds.map((potId) =>
    db.insert(sidePotPlayers).select(
      db
        .select(rowOf(db.leagueId, sidePotPlayers, { potId: sql`${potId}`, entryId: entries.id }))
        .from(entries)
        .where(and(inLeague(db, entries), eq(entries.roundId, roundId), eq(entries.playerId, playerId))),
    ),
  );
}

/** The side pots a PayPal payment pays for with its entry, as its order remembered them. */
export function potIdsOf(payment: { sidePotIds: string | null }): number[] {
  try {
    const ids: unknown = JSON.parse(payment.sidePotIds ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}
