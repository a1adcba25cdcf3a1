import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";

// The money of a payment as SQL, one definition each (ADR 22), shared by the entries
// screen, the withdrawal, the reports and the books check.

// Pass P or PAYMENTS (never a drizzle column: see PAYMENTS below).
type Ref = SQL;

/**
 * The payment's own league (ADR 46): a search of its refunds and give-backs names it first,
 * as their unique keys lead with it (a payment's rows are all in its league).
 */
const leagueOfPayment = (paymentId: Ref) => sql`(select own.league_id from payments own where own.id = ${paymentId})`;

/** Σ of the payment's refund rows (refunds and reversals). */
export const refundRowsCentsSql = (paymentId: Ref) =>
  sql<number>`(select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.league_id = ${leagueOfPayment(paymentId)} and r.payment_id = ${paymentId})`;

/**
 * What PayPal gave back of a payment, at most its amount. A payment marked `refunded`
 * before refunds had rows of their own (migration 0011) was refunded whole.
 */
export const refundedCentsSql = (p: { id: Ref; status: Ref; amount: Ref }) =>
  sql<number>`(case when ${p.status} = 'refunded' then ${p.amount} else min(${p.amount}, ${refundRowsCentsSql(p.id)}) end)`;

/** The credit a withdrawal gave back for the payment (a transfer naming it), or null. */
export const givenBackCentsSql = (paymentId: Ref) =>
  sql<
    number | null
  >`(select t.amt_cents from transfers t where t.league_id = ${leagueOfPayment(paymentId)} and t.payment_id = ${paymentId})`;

/** What of the payment went back as credit because its entry was paid more than its price (ADR 37); 0 if none. */
export const excessBackCentsSql = (paymentId: Ref) =>
  sql<number>`coalesce((select x.amt_cents from transfers x where x.league_id = ${leagueOfPayment(paymentId)} and x.excess_payment_id = ${paymentId}), 0)`;

/** What of the payment is still with the league: its amount less refunds and the excess given back. */
export const leftCentsSql = (p: { id: Ref; status: Ref; amount: Ref }) =>
  sql<number>`(${p.amount} - ${refundedCentsSql(p)} - ${excessBackCentsSql(p.id)})`;

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
  leagueId: sql`"payments"."league_id"`,
};

/**
 * The round's money payments as a round write reads them (ADR 14, ADR 37): each one's status,
 * amount, refunds and what went back as credit. Part of the round's fingerprint, so a cash
 * record, a check-in paying from credit and a withdrawal each plan from the money as it
 * stands when they write: the later of two sees the entry paid. Keyed by the round the same
 * batch reads in the league; with `db` (a round write passes it) the payments' league is named
 * as well (ADR 46).
 */
export const roundPaymentsFingerprintSql = (roundId: number | SQL, db?: Db) => sql<string>`coalesce((select group_concat(f, ',') from (
    select p.id || ':' || p.status || ':' || p.amount_cents || ':' || ${refundedCentsSql(P)} || ':'
      || coalesce(${givenBackCentsSql(sql`p.id`)}, '') || ':' || ${excessBackCentsSql(sql`p.id`)} as f
    from payments p where ${db ? sql`p.league_id = ${db.leagueId} and ` : sql``}p.round_id = ${roundId}
      and p.method in ('paypal', 'cash') order by p.id)), '')`;

/**
 * Whether the entry `e` (an alias) holds stale credit (ADR 37): Credit payouts credited it for
 * a payout it no longer has (payout + adjustment, never below 0, plus its side pot wins).
 */
export const staleCreditSql = (e: string) => {
  const x = sql.raw(e);
  return sql<boolean>`(${x}.credited_for_cents is not null and ${x}.credited_for_cents <> max(0, ${x}.payout_cents + ${x}.payout_adjust_cents)
    + (select coalesce(sum(w.amount_cents), 0) from side_pot_wins w where w.league_id = ${x}.league_id and w.entry_id = ${x}.id))`;
};
