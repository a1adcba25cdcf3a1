// Entries paid the ways a league night pays them (ADR 22): credit, PayPal (with the
// league's convenience fee) and cash, as the sign-up and the admin's cash record write
// them, for the refund, cash and withdrawal tests. A $6 round: $0.50 PDGA + $4.50 payout +
// the $1 ace fee.
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { makeUser, tokenFor } from "./auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "./fixtures";
import { claims, type Payment, payments, transfers } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { convenienceFeeCents } from "~/lib/signup/pricing";
import { env } from "cloudflare:workers";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

export const PRICE = 600;

type PaidHow = { creditCents?: number; paypal?: boolean; cashCents?: number; startsIn?: number };

/**
 * A player (linked to a user by an approved claim, with the credit to spend) entered in a
 * $6 round starting `startsIn` seconds from now (a day by default): `creditCents` of credit
 * used, `cashCents` recorded as cash, and the rest through PayPal when `paypal` (a completed
 * payment with its capture id). Never more than the price: an entry paid twice is a state
 * the books check flags (ADR 37), made on purpose where a test needs it.
 */
export async function paidEntry(how: PaidHow = {}) {
  const credit = how.creditCents ?? 0;
  const [user, player, round] = await Promise.all([
    makeUser(),
    makePlayer({ division: "MA2" }),
    makeRound({ startsAt: nowSec() + (how.startsIn ?? DAY), openForRegistration: true }),
  ]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  if (credit) await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: credit });
  let paypal: Payment | null = null;
  if (how.paypal) {
    const rest = PRICE - credit - (how.cashCents ?? 0);
    const fee = convenienceFeeCents(rest);
    paypal = await makePayment({
      userId: user.id,
      roundId: round.id,
      playerId: player.id,
      amountCents: rest + fee,
      leagueFeeCents: fee,
      providerFeeCents: 30,
      creditUsedCents: credit,
    });
  }
  const entry = await makeEntry({
    roundId: round.id,
    playerId: player.id,
    division: "MA2",
    creditUsedCents: credit,
    paymentId: paypal?.id,
  });
  const cash = how.cashCents
    ? await makePayment({
        roundId: round.id,
        playerId: player.id,
        method: "cash",
        amountCents: how.cashCents,
        captureId: null,
        transactionId: null,
      })
    : null;
  return { user, player, round, entry, paypal, cash, token: await tokenFor(user) };
}

type PaymentInput = Partial<typeof payments.$inferInsert> & { roundId: number; playerId: number };

/** A completed PayPal payment (with order and capture ids) unless `input` says otherwise. */
export async function makePayment(input: PaymentInput): Promise<Payment> {
  const [row] = await testDb()
    .insert(payments)
    .values({
      leagueId: DEFAULT_LEAGUE_ID,
      method: "paypal",
      status: "completed",
      amountCents: 0,
      division: "MA2",
      transactionId: `ORDER-${uniq()}`,
      captureId: `CAP-${uniq()}`,
      ...input,
    })
    .returning();
  return row;
}

export const paymentRow = async (id: number) => (await testDb().select().from(payments).where(eq(payments.id, id)))[0];

/** The transfers that gave a payment back as credit. */
export const giveBacks = (paymentId: number) => testDb().select().from(transfers).where(eq(transfers.paymentId, paymentId));

/** The refund job the queue consumer applies, as the webhook parser makes it. */
export const refundEvent = (captureId: string, cents: number | null, more: { refundId?: string; reversal?: boolean } = {}) => ({
  kind: "capture-refunded" as const,
  eventId: `WH-${uniq()}`,
  captureId,
  refundId: more.refundId ?? `REF-${uniq()}`,
  reversal: more.reversal ?? false,
  refundCents: cents,
});

/** The report's books check: both sums balance to the cent. */
export async function expectBooksBalance() {
  const { reconciliation: r } = await moneyReport(testDb(), leagueFromEnv(env));
  expect(r.ledger, "Σ balances = credit added − used + league transfers").toMatchObject({ balanced: true });
  expect(r.ace, "ace pot = fund in − aces paid").toMatchObject({ balanced: true });
  expect(r.sidePots, "side pots held = buy-ins − wins").toMatchObject({ balanced: true });
}

/** Σ of refund rows of a payment. */
export async function refundedOf(paymentId: number): Promise<number> {
  const [row] = await testDb().all<{ c: number }>(
    sql`select coalesce(sum(amount_cents), 0) as c from payment_refunds where payment_id = ${paymentId}`,
  );
  return Number(row?.c ?? 0);
}
