import { and, asc, desc, eq, gte, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { payments, roundCancellations, rounds, transfers } from "../../db/schema";
import { PAYPAL_BACK_DAYS, paypalBackUntil } from "~/lib/rainouts/paypal-back";
import { DAY_SECONDS } from "~/lib/shared/time";

// What a player's home offers after a cancel (ADR 50): each PayPal payment of theirs that a
// cancel within PAYPAL_BACK_DAYS gave back as credit, to ask back to PayPal instead
// (askPayPalBack, ./paypal-back.ts), or that they already asked back. One select, asked
// beside the home's other reads (ADR 41).

/** One cancelled round's PayPal payment as the player's home shows it. */
export type PayPalBackOffer = {
  paymentId: number;
  roundId: number;
  roundName: string;
  /** What goes back: the give-back's amount, or, once asked, what was left of the payment when asked. */
  cents: number;
  /** The last moment to ask (paypalBackUntil of the cancel). */
  until: number;
  /** When the refund was asked; null while it is credit to ask back. */
  askedAt: number | null;
};

/**
 * The player's cancelled rounds' PayPal payments still within the window: those given back as
 * credit by the cancel (completed, the cancel's give-back transfer still there) and those asked
 * back already. Reached from the league's recent cancels (`round_cancellations` by league and
 * time), then each round's payments by their round's index; `playerId` may be SQL (the home's
 * player by the user's approved claim), so nothing waits for another read.
 */
export function paypalBackOffers(db: Db, playerId: number | SQL<number | null>, now: number): Promise<PayPalBackOffer[]> {
  // The asked amount: the payment less what PayPal refunded before the ask (the give-back was
  // what was left of it; the give-back itself is gone once asked).
  const askedCents = sql<number>`${payments.amountCents} - coalesce((select sum(pr.amount_cents) from payment_refunds pr
    where pr.league_id = ${payments.leagueId} and pr.payment_id = ${payments.id} and pr.created_at < ${payments.refundAskedAt}), 0)`;
  return db
    .select({
      paymentId: sql<number>`${payments.id}`.mapWith(Number).as("payment_id"),
      roundId: sql<number>`${rounds.id}`.mapWith(Number).as("round_id"),
      roundName: rounds.name,
      cancelledAt: sql<number>`${roundCancellations.at}`.mapWith(Number).as("cancel_at"),
      askedAt: payments.refundAskedAt,
      givenCents: sql<number | null>`${transfers.amountCents}`.as("given_cents"),
      askedCents: askedCents.mapWith(Number).as("asked_cents"),
    })
    .from(roundCancellations)
    .innerJoin(rounds, and(eq(rounds.leagueId, roundCancellations.leagueId), eq(rounds.id, roundCancellations.roundId)))
    .innerJoin(payments, and(eq(payments.leagueId, roundCancellations.leagueId), eq(payments.roundId, roundCancellations.roundId)))
    .leftJoin(
      transfers,
      and(eq(transfers.leagueId, payments.leagueId), eq(transfers.paymentId, payments.id), eq(transfers.cancelRoundId, payments.roundId)),
    )
    .where(
      and(
        inLeague(db, roundCancellations),
        gte(roundCancellations.at, now - PAYPAL_BACK_DAYS * DAY_SECONDS),
        isNotNull(rounds.cancelledAt),
        eq(payments.playerId, playerId),
        eq(payments.method, "paypal"),
        or(and(eq(payments.status, "completed"), isNotNull(transfers.id)), isNotNull(payments.refundAskedAt)),
      ),
    )
    .orderBy(desc(roundCancellations.at), asc(payments.id))
    .then((rows) =>
      rows.map((r) => ({
        paymentId: r.paymentId,
        roundId: r.roundId,
        roundName: r.roundName,
        cents: r.askedAt === null ? Number(r.givenCents) : r.askedCents,
        until: paypalBackUntil(r.cancelledAt),
        askedAt: r.askedAt,
      })),
    );
}
