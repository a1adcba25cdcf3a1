import { formatCents } from "../shared/money";

// What paid for an entry, and what it still owes (ADR 22): pure, so the entries screen, the
// withdrawal and the tests compute the same numbers. Money in whole cents.

/** A payment of money (PayPal or cash) of the entry's round and player, as stored. */
export type MoneyPayment = {
  id: number;
  method: "paypal" | "cash";
  amountCents: number;
  /** The league's convenience fee inside the amount: it pays for the PayPal charge, not the entry. */
  leagueFeeCents: number;
  /** Given back by PayPal (refunds and reversals), at most the amount. */
  refundedCents: number;
  /** Given back as league credit when an entry was withdrawn (a transfer naming the payment); null if not. */
  givenBackCents: number | null;
  /** What of it went back as credit because the entry was paid more than its price (ADR 37); 0 if none. */
  excessBackCents: number;
};

export type PaidBy = { creditCents: number; paypalCents: number; cashCents: number };

export type EntryMoney = {
  paid: PaidBy;
  paidCents: number;
  /** What the entry still owes: its price less all that paid for it, never below 0. */
  owedCents: number;
  /** What paid for it beyond its price (paid twice): the books check flags it (ADR 37). */
  overCents: number;
  /** What a withdrawal gives back as credit: the credit used, and every payment's money left, fee included. */
  back: PaidBy;
  backCents: number;
};

/**
 * What a payment pays toward its entry: the amount less the fee, refunds and the excess given
 * back as credit, never below 0; nothing once given back.
 */
export function paysCents(p: MoneyPayment): number {
  if (p.givenBackCents !== null) return 0;
  return Math.max(0, p.amountCents - p.leagueFeeCents - p.refundedCents - p.excessBackCents);
}

/** What of a payment is still with the league (what a withdrawal gives back): the amount less refunds and excess given back. */
export function leftCents(p: MoneyPayment): number {
  if (p.givenBackCents !== null) return 0;
  return Math.max(0, p.amountCents - p.refundedCents - p.excessBackCents);
}

const total = (p: PaidBy) => p.creditCents + p.paypalCents + p.cashCents;

/** An entry's money: `priceCents` from entryTotalCents(round, entry.ace), its credit used, its (round, player)'s payments. */
export function entryMoney(priceCents: number, creditUsedCents: number, payments: readonly MoneyPayment[]): EntryMoney {
  const by = (method: MoneyPayment["method"], part: (p: MoneyPayment) => number) =>
    payments.filter((p) => p.method === method).reduce((sum, p) => sum + part(p), 0);
  const paid = { creditCents: creditUsedCents, paypalCents: by("paypal", paysCents), cashCents: by("cash", paysCents) };
  const back = { creditCents: creditUsedCents, paypalCents: by("paypal", leftCents), cashCents: by("cash", leftCents) };
  const paidCents = total(paid);
  return {
    paid,
    paidCents,
    owedCents: Math.max(0, priceCents - paidCents),
    overCents: Math.max(0, paidCents - priceCents),
    back,
    backCents: total(back),
  };
}

/**
 * How much more than they paid a player got back, for a payment given back as credit (by a
 * withdrawal, or as an entry's excess): the credit plus PayPal's refunds less the amount
 * (PayPal refunded it after it was given back).
 */
export function overpaidCents(p: Pick<MoneyPayment, "amountCents" | "refundedCents" | "givenBackCents" | "excessBackCents">): number {
  if (p.givenBackCents === null && p.excessBackCents === 0) return 0;
  return Math.max(0, (p.givenBackCents ?? 0) + p.excessBackCents + p.refundedCents - p.amountCents);
}

/** "Paid: credit $2.00 · PayPal $4.00": the parts that paid something, in that order. */
export function paidLine(paid: PaidBy): string {
  const parts: [string, number][] = [
    ["credit", paid.creditCents],
    ["PayPal", paid.paypalCents],
    ["cash", paid.cashCents],
  ];
  const shown = parts.filter(([, cents]) => cents > 0).map(([label, cents]) => `${label} ${formatCents(cents)}`);
  return shown.length ? `Paid: ${shown.join(" · ")}` : "Paid: nothing yet";
}
