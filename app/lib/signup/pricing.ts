// What a round's sign-up costs, in whole cents: the one place these rules are written.
// Pure and dependency-free, so the round page, the sign-up (server and dialog) and the
// demo seed all compute the same numbers.
//
// Inputs the server computed or stored (fees, totals, balances) must be whole cents: a
// dollars value (4.5) or NaN there is a bug and throws a RangeError. The credit a player
// asks for is input from a person: anything unusable (negative, NaN, a fraction) is
// clamped into the allowed range instead.

/** A round's fees as stored. */
export type RoundFees = {
  feePdgaCents: number;
  feeCourseCents: number;
  feeOtherCents: number;
  /** The per-entry buy-in that goes to the payout pool. */
  payoutCents: number;
  /** The ace fund fee, paid by entries that opt in. */
  aceCents: number;
};

/** The league's PayPal convenience fee: a fixed part plus a share of the rest paid. */
export type ConvenienceFee = { fixedCents: number; basisPoints: number };

/** Fixed part of the convenience fee: $0.09. */
export const CONVENIENCE_FEE_FIXED_CENTS = 9;
/** Share of the rest paid, in basis points (1/100 of a percent): 200 = 2 %. */
export const CONVENIENCE_FEE_BASIS_POINTS = 200;
export const DEFAULT_CONVENIENCE_FEE: ConvenienceFee = {
  fixedCents: CONVENIENCE_FEE_FIXED_CENTS,
  basisPoints: CONVENIENCE_FEE_BASIS_POINTS,
};

function wholeCents(value: number, what: string, { allowNegative = false } = {}): number {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) {
    throw new RangeError(`${what} must be whole${allowNegative ? "" : " non-negative"} cents, got ${value}`);
  }
  return value;
}

/** Entry price without the ace fund: PDGA fee + course fee + other fee + payout. */
export function entryPriceCents(round: Omit<RoundFees, "aceCents">): number {
  return (
    wholeCents(round.feePdgaCents, "fee_pdga") +
    wholeCents(round.feeCourseCents, "fee_course") +
    wholeCents(round.feeOtherCents, "fee_other") +
    wholeCents(round.payoutCents, "payout")
  );
}

/**
 * What an entry costs: the price, plus the ace fee when the entry opts in (the default),
 * plus the buy-ins of the side pots it is in (ADR 30).
 */
export function entryTotalCents(round: RoundFees, aceOptIn = true, sidePotsCents = 0): number {
  return entryPriceCents(round) + (aceOptIn ? wholeCents(round.aceCents, "ace") : 0) + wholeCents(sidePotsCents, "side pots");
}

/**
 * Credit actually used: what was asked for, clamped to 0..min(balance, total). A balance
 * below zero (a debt) allows no credit.
 */
export function clampCreditCents(requestedCents: number, balanceCents: number, totalCents: number): number {
  const limit = Math.max(0, Math.min(wholeCents(balanceCents, "balance", { allowNegative: true }), wholeCents(totalCents, "total")));
  const asked = Number.isNaN(requestedCents) ? 0 : Math.floor(requestedCents);
  return Math.min(Math.max(0, asked), limit);
}

/** Suggested credit is capped at the round's fees, payout and ace fee together. */
export function creditSuggestionCapCents(round: RoundFees): number {
  return entryTotalCents(round, true);
}

/** The credit the sign-up form suggests: as much of the balance as the cap allows. */
export function suggestedCreditCents(balanceCents: number, round: RoundFees): number {
  return clampCreditCents(balanceCents, balanceCents, creditSuggestionCapCents(round));
}

/**
 * The convenience fee on `restCents` paid through PayPal: fixed part + share of the rest,
 * rounded to the cent half up ($0.005 → $0.01). Integer arithmetic only, so no float
 * drift: share = floor((rest × basis points + 5 000) / 10 000). No rest, no fee.
 */
export function convenienceFeeCents(restCents: number, fee: ConvenienceFee = DEFAULT_CONVENIENCE_FEE): number {
  if (wholeCents(restCents, "rest") === 0) return 0;
  const share = Math.floor((restCents * wholeCents(fee.basisPoints, "fee basis points") + 5_000) / 10_000);
  return wholeCents(fee.fixedCents, "fixed fee") + share;
}

/** What PayPal is asked to charge for `restCents`: the rest plus the convenience fee; 0 for no rest. */
export function paypalChargeCents(restCents: number, fee: ConvenienceFee = DEFAULT_CONVENIENCE_FEE): number {
  return restCents === 0 ? 0 : restCents + convenienceFeeCents(restCents, fee);
}

export type SignUpQuote = {
  totalCents: number;
  creditUsedCents: number;
  /** Left to pay after credit; 0 means the entry is paid by credit alone. */
  restCents: number;
  feeCents: number;
  chargeCents: number;
  paidByCredit: boolean;
};

/** Every amount of one sign-up, from the round, the opt-in, the balance and the credit asked for. */
export function quoteSignUp(input: {
  round: RoundFees;
  aceOptIn?: boolean;
  /** The buy-ins of the side pots chosen with the entry. */
  sidePotsCents?: number;
  balanceCents: number;
  creditRequestedCents: number;
  fee?: ConvenienceFee;
}): SignUpQuote {
  const totalCents = entryTotalCents(input.round, input.aceOptIn ?? true, input.sidePotsCents ?? 0);
  const creditUsedCents = clampCreditCents(input.creditRequestedCents, input.balanceCents, totalCents);
  const restCents = totalCents - creditUsedCents;
  const feeCents = convenienceFeeCents(restCents, input.fee);
  return { totalCents, creditUsedCents, restCents, feeCents, chargeCents: restCents + feeCents, paidByCredit: restCents === 0 };
}
