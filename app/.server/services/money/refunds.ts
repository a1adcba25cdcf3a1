import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, dbNow, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, paymentRefunds, payments, players, transfers } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import type { PaymentEvent } from "../../paypal/events";
import { PAYMENTS, refundRowsCentsSql } from "./money-sql";
import { fullNameSql } from "../../db/player-name";

// PayPal's refunds and reversals as the books need them (ADR 22): each its own row against
// the payment, amounts adding up, the payment `refunded` once they reach its amount; and
// the admin's decision about an entry whose payment was refunded while it still stands.

type RefundEvent = Extract<PaymentEvent, { kind: "capture-refunded" }>;

/**
 * Records a refund (or reversal) PayPal reported against the payment of its capture. The
 * amount is clamped in the writing statement to what is left of the payment, so two refunds
 * racing cannot take back more than was paid; PayPal's refund id makes a replay count once.
 * A capture not recorded yet throws, and the queue tries again later.
 */
export async function recordRefund(db: Db, event: RefundEvent): Promise<string> {
  const [payment] = await db
    .select({ id: payments.id, amountCents: payments.amountCents })
    .from(payments)
    .where(and(inLeague(db, payments), eq(payments.captureId, event.captureId)));
  if (!payment) throw new Error(`no payment for capture ${event.captureId} yet`);
  const key = event.refundId ?? `event:${event.eventId}`;
  // A reversal takes back whatever is left; a refund names its amount (none: the rest).
  const requested = event.reversal ? null : event.refundCents;
  const left = sql`(${PAYMENTS.amount} - ${refundRowsCentsSql(PAYMENTS.id)})`;
  const amount = requested === null ? left : sql`min(${requested}, ${left})`;
  const row = rowOf(db.leagueId, paymentRefunds, {
    paymentId: payments.id,
    kind: sql`${event.reversal ? "reversal" : "refund"}`,
    providerRefundId: sql`${key}`,
    amountCents: amount,
  });
  const [inserted] = await db.batch([
    db
      .insert(paymentRefunds)
      .select(
        db
          .select(row)
          .from(payments)
          .where(and(inLeague(db, payments), eq(payments.id, payment.id), sql`${amount} > 0`)),
      )
      .onConflictDoNothing()
      .returning({ amountCents: paymentRefunds.amountCents }),
    db
      .update(payments)
      .set({ status: "refunded", updatedAt: dbNow })
      .where(
        and(
          inLeague(db, payments),
          eq(payments.id, payment.id),
          eq(payments.status, "completed"),
          sql`${PAYMENTS.amount} <= ${refundRowsCentsSql(PAYMENTS.id)}`,
        ),
      ),
  ]);
  const cents = inserted[0]?.amountCents;
  if (cents === undefined) {
    const [seen] = await db
      .select({ id: paymentRefunds.id })
      .from(paymentRefunds)
      .where(and(inLeague(db, paymentRefunds), eq(paymentRefunds.providerRefundId, key)));
    if (seen) return `refund ${key} already recorded`;
    console.warn(`PayPal refund ${key} of payment ${payment.id}: nothing of the payment was left to refund`);
    return `refund ${key}: nothing left of payment ${payment.id}`;
  }
  if (requested !== null && cents < requested) {
    console.warn(`PayPal refund ${key} of ${requested} cents is more than was left of payment ${payment.id}: recorded ${cents}`);
  }
  return `payment ${payment.id}: ${event.reversal ? "reversal" : "refund"} of ${cents} cents recorded`;
}

/** The refunds of an entry's (round, player) payments still waiting for the admin, not given back as credit. */
function undecidedOf(db: Db, entryId: number) {
  return db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .innerJoin(entries, and(eq(entries.roundId, payments.roundId), eq(entries.playerId, payments.playerId)))
    .where(
      and(
        inLeague(db, paymentRefunds),
        eq(entries.id, entryId),
        isNull(paymentRefunds.resolution),
        sql`not exists (select 1 from ${transfers} t where t.league_id = ${PAYMENTS.leagueId} and t.payment_id = ${PAYMENTS.id})`,
      ),
    );
}

/**
 * The admin keeps an entry whose payment PayPal refunded: the refunds are marked `kept` and
 * the entry stands, owing what the refunds took back. Refused when no refund waits.
 */
export async function keepEntry(db: Db, entryId: number, inRound?: number): Promise<{ name: string }> {
  const [entry] = await db
    .select({ roundId: entries.roundId, name: fullNameSql(players) })
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(and(inLeague(db, entries), eq(entries.id, entryId)));
  if (!entry || (inRound !== undefined && entry.roundId !== inRound)) throw notFound("Entry not found");
  const ids = (await undecidedOf(db, entryId)).map((r) => r.id);
  if (ids.length === 0) throw conflict(`No PayPal refund of ${entry.name}'s entry waits for a decision.`);
  await db
    .update(paymentRefunds)
    .set({ resolution: "kept", resolvedAt: dbNow })
    .where(and(inLeague(db, paymentRefunds), inArray(paymentRefunds.id, ids), isNull(paymentRefunds.resolution)));
  return { name: entry.name };
}
