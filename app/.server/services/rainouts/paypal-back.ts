import { and, eq, sql } from "drizzle-orm";
import { checkFailed, type Db, dbNow, inLeague, readTogether } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { payments, transfers } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { type AppError, conflict, forbidden, notFound } from "../../errors";
import { type FollowUp, refundPayment } from "../../follow-ups";
import type { PayPal } from "../../paypal/client";
import { PayPalError } from "../../paypal/errors";
import { recordRefund } from "../money/refunds";
import { balanceCentsSql } from "../players/balance-sql";
import { PAYPAL_BACK_DAYS } from "~/lib/rainouts/paypal-back";
import { formatCents } from "~/lib/shared/money";
import { DAY_SECONDS, nowSeconds } from "~/lib/shared/time";

// After a cancel (ADR 50) a player may take a PayPal payment's give-back to PayPal instead
// of keeping it as credit: asked once, within PAYPAL_BACK_DAYS of the cancel, while the
// credit is unspent. The ask takes the credit back and marks the payment in one batch, and
// leaves a follow-up; the job (refundAskedPayment, run by workers/queue/consumer.ts) refunds
// the capture through the league's PayPal and records the refund. This service never calls
// PayPal itself.

export const PAYPAL_BACK_MESSAGES = {
  notFound: "Payment not found",
  notYours: "You can only ask for your own payment back.",
  notPayPal: "Only a PayPal payment can go back to PayPal.",
  nothingLeft: "This PayPal payment has nothing left to send back.",
  notCancelled: "Only a cancelled round's payment can go back to PayPal.",
  asked: "A refund of this payment to PayPal was already asked for.",
  noCredit: "This payment was not given back as credit, so there is nothing to send back to PayPal.",
  late: `It is more than ${PAYPAL_BACK_DAYS} days since the round was cancelled, so the credit stays league credit.`,
  changed: "This payment changed while you asked. Reload and try again.",
} as const;

/** "You have spent $2.00 of that credit, so it can no longer go back to PayPal." (an admin reads the player's name). */
export const spentMessage = (spentCents: number, name?: string) =>
  `${name ? `${name} has` : "You have"} spent ${formatCents(spentCents)} of that credit, so it can no longer go back to PayPal.`;

/** Who asks: the player whose approved claim holds the payment's player, or the league's staff. */
export type PayPalBackWho = { admin: true } | { admin: false; userId: number };

export type PayPalBackAsked = { paymentId: number; roundId: number; amountCents: number; followUps: FollowUp[] };

type AskRow = {
  id: number;
  method: "credit" | "paypal" | "cash";
  status: string;
  round_id: number;
  player_id: number;
  name: string;
  refund_asked_at: number | null;
  round_cancelled_at: number | null;
  cancelled_at: number | null;
  transfer_id: number | null;
  given_cents: number | null;
  balance: number;
  mine: number;
};

/** The payment, its round's cancel, its give-back and its player's balance and claim: one read. */
function askRead(db: Db, paymentId: number, userId: number | null) {
  return readTogether<[AskRow]>(db, [
    sql`select p.id, p.method, p.status, p.round_id, p.player_id, ${fullNameSql("pl")} as name, p.refund_asked_at,
        r.cancelled_at as round_cancelled_at, rc.at as cancelled_at, t.id as transfer_id, t.amt_cents as given_cents,
        ${balanceCentsSql(sql`p.player_id`)} as balance,
        exists (select 1 from claims c where c.league_id = p.league_id and c.user_id = ${userId} and c.player_id = p.player_id
          and c.status = 'approved') as mine
      from payments p
      join rounds r on r.league_id = p.league_id and r.id = p.round_id
      join players pl on pl.league_id = p.league_id and pl.id = p.player_id
      left join round_cancellations rc on rc.league_id = p.league_id and rc.round_id = p.round_id
      left join transfers t on t.league_id = p.league_id and t.payment_id = p.id and t.cancel_round_id = p.round_id
      where p.league_id = ${db.leagueId} and p.id = ${paymentId}`,
  ]).then(([rows]) => rows[0]);
}

/** Why this ask is refused, as read; null when it may go ahead. */
function refusalOf(row: AskRow, who: PayPalBackWho, now: number): AppError | null {
  if (!who.admin && !row.mine) return forbidden(PAYPAL_BACK_MESSAGES.notYours);
  if (row.method !== "paypal") return conflict(PAYPAL_BACK_MESSAGES.notPayPal);
  if (row.refund_asked_at !== null) return conflict(PAYPAL_BACK_MESSAGES.asked);
  if (row.round_cancelled_at === null || row.cancelled_at === null) return conflict(PAYPAL_BACK_MESSAGES.notCancelled);
  if (row.status !== "completed") return conflict(PAYPAL_BACK_MESSAGES.nothingLeft);
  if (row.transfer_id === null || row.given_cents === null) return conflict(PAYPAL_BACK_MESSAGES.noCredit);
  if (now > Number(row.cancelled_at) + PAYPAL_BACK_DAYS * DAY_SECONDS) return conflict(PAYPAL_BACK_MESSAGES.late);
  const balance = Number(row.balance);
  if (balance < Number(row.given_cents))
    return conflict(spentMessage(Number(row.given_cents) - Math.max(0, balance), who.admin ? row.name : undefined));
  return null;
}

/**
 * Asks for a cancelled round's PayPal payment back to PayPal (ADR 50). In one batch, guarded
 * on what was read (the give-back as it was, not asked yet, the cancel as it was and within
 * PAYPAL_BACK_DAYS by the database's clock): the give-back transfer is deleted, the credit
 * taken back, and the payment's refund_asked_at set; a balance that would go below zero aborts
 * it. Twenty asks at once take the credit back once: the others find it asked. `roundId`,
 * when given, is the round the address named: a payment of another round is its 404.
 */
export async function askPayPalBack(
  db: Db,
  who: PayPalBackWho,
  paymentId: number,
  opts: { roundId?: number } = {},
): Promise<PayPalBackAsked> {
  const row = await askRead(db, paymentId, who.admin ? null : who.userId);
  if (!row || (opts.roundId !== undefined && Number(row.round_id) !== opts.roundId)) throw notFound(PAYPAL_BACK_MESSAGES.notFound);
  const refused = refusalOf(row, who, nowSeconds());
  if (refused) throw refused;
  const given = Number(row.given_cents);
  const cancelledAt = Number(row.cancelled_at);
  const roundId = Number(row.round_id);
  const playerId = Number(row.player_id);
  const giveBack = and(
    inLeague(db, transfers),
    eq(transfers.id, Number(row.transfer_id)),
    eq(transfers.paymentId, paymentId),
    eq(transfers.cancelRoundId, roundId),
  );
  try {
    await db.batch([
      // Refused unless the give-back, the payment and the cancel are as read, and in time.
      writeGuard(
        db,
        "roundChanged",
        sql`not exists (select 1 from ${transfers} where ${giveBack} and ${transfers.amountCents} = ${given})
          or not exists (select 1 from payments where league_id = ${db.leagueId} and id = ${paymentId}
            and refund_asked_at is null and status = 'completed' and method = 'paypal')
          or not exists (select 1 from round_cancellations where league_id = ${db.leagueId} and round_id = ${roundId} and at = ${cancelledAt})
          or ${cancelledAt + PAYPAL_BACK_DAYS * DAY_SECONDS} < unixepoch()`,
      ),
      db.delete(transfers).where(giveBack),
      db
        .update(payments)
        .set({ refundAskedAt: dbNow, updatedAt: dbNow })
        .where(and(inLeague(db, payments), eq(payments.id, paymentId))),
      writeGuard(db, "overdrawn", sql`${balanceCentsSql(playerId)} < 0`),
    ]);
  } catch (err) {
    if (checkFailed(err, "round_changed") || checkFailed(err, "overdrawn")) {
      // Another ask, a spend or a restore came first: say which, as it stands now.
      const now = await askRead(db, paymentId, who.admin ? null : who.userId);
      throw (now && refusalOf(now, who, nowSeconds())) ?? conflict(PAYPAL_BACK_MESSAGES.changed);
    }
    throw err;
  }
  return { paymentId, roundId, amountCents: given, followUps: [refundPayment(paymentId, given)] };
}

/** The request id the league's refund of an asked payment carries: the same for every try, so PayPal refunds once. */
export const refundRequestId = (paymentId: number) => `cancel-refund-${paymentId}`;

/**
 * The job's half (ADR 50): refunds `amountCents` of the asked payment's capture through the
 * league's PayPal, then records the refund by PayPal's refund id (the webhook's later record
 * of the same refund adds nothing). PayPal unreachable or failing (status 0 or 5xx) throws,
 * so the queue tries again with the same request id. PayPal refusing (a 4xx), no PayPal or no
 * capture is logged and left: the payment stays asked with its money unrefunded, which the
 * books check flags ("refund-asked") for the admin.
 */
export async function refundAskedPayment(db: Db, paypal: PayPal | null, ask: { paymentId: number; amountCents: number }): Promise<string> {
  const [payment] = await db
    .select({ captureId: payments.captureId, method: payments.method, refundAskedAt: payments.refundAskedAt })
    .from(payments)
    .where(and(inLeague(db, payments), eq(payments.id, ask.paymentId)));
  if (payment?.method !== "paypal" || payment.refundAskedAt === null) return `payment ${ask.paymentId}: not asked back, nothing to do`;
  if (!payment.captureId) {
    console.error(`Refund of payment ${ask.paymentId}: no capture to refund; left for the admin`);
    return "no capture: left for the admin";
  }
  if (!paypal) {
    console.error(`Refund of payment ${ask.paymentId}: the league takes no PayPal now; left for the admin`);
    return "no PayPal: left for the admin";
  }
  let refund: Awaited<ReturnType<PayPal["refundCapture"]>>;
  try {
    refund = await paypal.refundCapture(payment.captureId, ask.amountCents, refundRequestId(ask.paymentId));
  } catch (error) {
    if (!(error instanceof PayPalError) || error.status === 0 || error.status >= 500) throw error;
    console.error(`Refund of payment ${ask.paymentId} refused by PayPal; left for the admin`, error.status, error.issue, error.debugId);
    return `PayPal refused (${error.status} ${error.issue ?? ""}): left for the admin`;
  }
  if (refund.status !== "COMPLETED") {
    // PENDING: PayPal's PAYMENT.CAPTURE.REFUNDED records it once it completes.
    return `refund ${refund.refundId} is ${refund.status}: PayPal's webhook records it`;
  }
  return recordRefund(db, {
    kind: "capture-refunded",
    eventId: `refund:${refund.refundId}`,
    captureId: payment.captureId,
    refundId: refund.refundId,
    reversal: false,
    refundCents: refund.amountCents,
  });
}
