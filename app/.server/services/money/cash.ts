import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, payments, players } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { fullNameSql } from "../../db/player-name";

// Cash at the course (ADR 22): an admin records that an entry was paid in cash. It is a
// payment like a PayPal one (method cash, completed), so the entries screen counts it as
// paid, the reports as cash collected, and a withdrawal gives it back as credit. A client
// on a flaky connection sends a request key made once per attempt (ADR 25): a retry with
// it finds the payment the first try made and answers the same, never paying twice.

export type CashPayment = { paymentId: number; playerName: string; amountCents: number };

export type Cash = { amountCents: number; note: string | null; requestKey?: string | null };

export const KEY_USED = "This request was already used for another payment. Reload and try again.";

/**
 * The insert of a cash payment for the entry `entryWhere` selects: made from the entry's
 * row, so an entry withdrawn meanwhile takes no cash (nothing is inserted), with the
 * round, the player, their linked user, division and ace. A batch item (the walk-up's).
 */
export function cashInsert(db: Db, entryWhere: SQL, cash: Cash) {
  const row = rowOf(payments, {
    // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare
    // player_id inside this subquery would be the claim's own.
    userId: sql`(select c.user_id from claims c where c.player_id = "entries"."player_id" and c.status = 'approved')`,
    roundId: entries.roundId,
    playerId: entries.playerId,
    method: sql`'cash'`,
    status: sql`'completed'`,
    amountCents: sql`${cash.amountCents}`,
    aceOptIn: entries.ace,
    division: entries.division,
    requestKey: sql`${cash.requestKey ?? null}`,
    paymentData: sql`${cash.note ? JSON.stringify({ note: cash.note }) : null}`,
  });
  return db.insert(payments).select(db.select(row).from(entries).where(entryWhere)).returning({ id: payments.id });
}

/** The payment a request key made, with its entry's round and player. */
export async function paymentByKey(db: Db, requestKey: string) {
  const [row] = await db
    .select({
      paymentId: payments.id,
      roundId: payments.roundId,
      playerId: payments.playerId,
      amountCents: payments.amountCents,
      playerName: fullNameSql(players),
    })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(eq(payments.requestKey, requestKey));
  return row ?? null;
}

/**
 * Records `amountCents` of cash for an entry (of round `inRound`, when given) with the
 * admin's note: 404 for an entry that is not there. With a request key already used for
 * this entry's round and player, answers that payment and records nothing; used for
 * another, 409.
 */
export async function recordCash(db: Db, input: Cash & { entryId: number; inRound?: number }): Promise<CashPayment> {
  const [entry] = await db
    .select({ roundId: entries.roundId, playerId: entries.playerId, name: fullNameSql(players) })
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(eq(entries.id, input.entryId));
  if (!entry || (input.inRound !== undefined && entry.roundId !== input.inRound)) throw notFound("Entry not found");
  const earlier = async () => {
    const found = input.requestKey ? await paymentByKey(db, input.requestKey) : null;
    if (!found) return null;
    if (found.roundId !== entry.roundId || found.playerId !== entry.playerId) throw conflict(KEY_USED);
    return { paymentId: found.paymentId, playerName: found.playerName, amountCents: found.amountCents };
  };
  const done = await earlier();
  if (done) return done;
  try {
    const [inserted] = await cashInsert(db, and(eq(entries.id, input.entryId), eq(entries.roundId, entry.roundId)) as SQL, input);
    if (!inserted) throw notFound("Entry not found");
    return { paymentId: inserted.id, playerName: entry.name, amountCents: input.amountCents };
  } catch (err) {
    // The same key at once from a retry: the one that won made the payment.
    if (uniqueViolation(err)) {
      const won = await earlier();
      if (won) return won;
    }
    throw err;
  }
}
