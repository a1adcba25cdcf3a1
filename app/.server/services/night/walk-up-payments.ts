import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { entries, payments } from "../../db/schema";
import { conflict } from "../../errors";
import { KEY_USED, paymentByKey } from "../entries/cash";
import type { WalkUp, WalkUpInput } from "./walk-up";

// A walk-up's payments (ADR 25, ADR 38): the credit one it writes when credit pays, the key
// its cash then carries, and how a retry finds the walk-up its request key already made.

/** The key of a walk-up's cash when its credit payment holds the client's key: a colon no client key has (RequestKeySchema). */
export const cashKey = (key: string) => `${key}:cash`;

/** The walk-up's payment of method credit, as a credit sign-up writes one (amount 0), with the request key. */
export function creditPayment(db: Db, roundId: number, playerId: number, creditCents: number, input: WalkUpInput, requestKey: string) {
  return db
    .insert(payments)
    .values({
      leagueId: db.leagueId,
      userId: sql`(select c.user_id from claims c where c.league_id = ${db.leagueId} and c.player_id = ${playerId} and c.status = 'approved')`,
      roundId,
      playerId,
      method: "credit",
      status: "completed",
      amountCents: 0,
      creditUsedCents: creditCents,
      aceOptIn: input.ace,
      division: input.division,
      requestKey,
    })
    .returning({ id: payments.id });
}

/** The walk-up a request key already made in this round (409 if the key paid for something else). */
export async function walkUpByKey(db: Db, roundId: number, requestKey: string): Promise<Omit<WalkUp, "followUps"> | null> {
  const paid = await paymentByKey(db, requestKey);
  if (!paid) return null;
  if (paid.roundId !== roundId) throw conflict(KEY_USED);
  const [entry] = await db
    .select({ id: entries.id, checkedInAt: entries.checkedInAt })
    .from(entries)
    .where(and(inLeague(db, entries), eq(entries.roundId, roundId), eq(entries.playerId, paid.playerId)));
  if (!entry) throw conflict(`${paid.playerName}'s walk-up was recorded, and the entry withdrawn since.`);
  const byCredit = paid.method === "credit";
  const cash = byCredit ? await paymentByKey(db, cashKey(requestKey)) : paid;
  return {
    entryId: entry.id,
    playerId: paid.playerId,
    playerName: paid.playerName,
    paymentId: paid.paymentId,
    amountCents: cash?.amountCents ?? 0,
    creditCents: byCredit ? paid.creditUsedCents : 0,
    checkedInAt: entry.checkedInAt,
  };
}
