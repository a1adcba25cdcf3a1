import { type SQL, sql } from "drizzle-orm";

// The money of a payment as SQL, one definition each (ADR 22), shared by the entries
// screen, the withdrawal, the reports and the books check.

// Pass P or PAYMENTS (never a drizzle column: see PAYMENTS below).
type Ref = SQL;

/** Σ of the payment's refund rows (refunds and reversals). */
export const refundRowsCentsSql = (paymentId: Ref) =>
  sql<number>`(select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.payment_id = ${paymentId})`;

/**
 * What PayPal gave back of a payment, at most its amount. A payment marked `refunded`
 * before refunds had rows of their own (migration 0011) was refunded whole.
 */
export const refundedCentsSql = (p: { id: Ref; status: Ref; amount: Ref }) =>
  sql<number>`(case when ${p.status} = 'refunded' then ${p.amount} else min(${p.amount}, ${refundRowsCentsSql(p.id)}) end)`;

/** The credit a withdrawal gave back for the payment (a transfer naming it), or null. */
export const givenBackCentsSql = (paymentId: Ref) =>
  sql<number | null>`(select t.amt_cents from transfers t where t.payment_id = ${paymentId})`;

/** Money the league received for an entry: PayPal or cash, completed (or refunded since). */
export const MONEY_METHODS = ["paypal", "cash"] as const;
export const COUNTED_STATUSES = ["completed", "refunded"] as const;

/** The payment's columns for raw queries over `payments p`. */
export const P = { id: sql`p.id`, status: sql`p.status`, amount: sql`p.amount_cents` };

/**
 * The same over `payments` itself, always qualified: drizzle writes a column inside a
 * one-table select's fields unqualified ("id"), which a subquery over another table would
 * read as its own id.
 */
export const PAYMENTS = {
  id: sql`"payments"."id"`,
  status: sql`"payments"."status"`,
  amount: sql`"payments"."amount_cents"`,
  playerId: sql`"payments"."player_id"`,
  roundId: sql`"payments"."round_id"`,
};
