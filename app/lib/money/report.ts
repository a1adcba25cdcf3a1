// The admin money report's shape, shared by the page, the CSV files and
// the service: one list of columns in their order, and the reconciliation's arithmetic.
// Pure, so the arithmetic is tested with any numbers, not only ones the database can hold.

/** What a round, a season or the whole report adds up to; money in integer cents. */
export type ReportSums = {
  entries: number;
  pdgaCents: number;
  courseCents: number;
  otherCents: number;
  payoutCents: number;
  aceInCents: number;
  acesPaidCents: number;
  creditUsedCents: number;
  creditAddedCents: number;
  /** PayPal money kept: completed (or since refunded) PayPal payments less what PayPal gave back. */
  paypalCents: number;
  paypalFeeCents: number;
  convenienceCents: number;
  /** What PayPal gave back (refunds and reversals). */
  paypalRefundsCents: number;
  /** Cash an admin recorded as paid at the course (ADR 22). */
  cashCents: number;
  /** Side pots' buy-ins of the players in them, and what the pots paid into credit (ADR 30). */
  sidePotsInCents: number;
  sidePotsPaidCents: number;
};

export type RoundReport = ReportSums & { id: number; startsAt: number; name: string };
export type SeasonReport = ReportSums & { season: number };

/** The columns after the first (the round or the season), in the order they show. */
export const REPORT_COLUMNS: readonly { key: keyof ReportSums; label: string; money: boolean }[] = [
  { key: "entries", label: "Entries", money: false },
  { key: "pdgaCents", label: "PDGA fees", money: true },
  { key: "courseCents", label: "Course fund", money: true },
  { key: "otherCents", label: "Other fees", money: true },
  { key: "payoutCents", label: "Payout pool", money: true },
  { key: "aceInCents", label: "Ace fund in", money: true },
  { key: "acesPaidCents", label: "Aces paid", money: true },
  { key: "creditUsedCents", label: "Credit used", money: true },
  { key: "creditAddedCents", label: "Credit added", money: true },
  { key: "paypalCents", label: "PayPal collected", money: true },
  { key: "paypalFeeCents", label: "PayPal fees", money: true },
  { key: "convenienceCents", label: "Convenience fees", money: true },
  { key: "paypalRefundsCents", label: "PayPal refunds", money: true },
  { key: "cashCents", label: "Cash collected", money: true },
  { key: "sidePotsInCents", label: "Side pots in", money: true },
  { key: "sidePotsPaidCents", label: "Side pots paid", money: true },
];

export const zeroSums = (): ReportSums => ({
  entries: 0,
  pdgaCents: 0,
  courseCents: 0,
  otherCents: 0,
  payoutCents: 0,
  aceInCents: 0,
  acesPaidCents: 0,
  creditUsedCents: 0,
  creditAddedCents: 0,
  paypalCents: 0,
  paypalFeeCents: 0,
  convenienceCents: 0,
  paypalRefundsCents: 0,
  cashCents: 0,
  sidePotsInCents: 0,
  sidePotsPaidCents: 0,
});

/** Column by column, the sum of the rows. */
export function sumRows(rows: readonly ReportSums[]): ReportSums {
  const total = zeroSums();
  for (const row of rows) for (const { key } of REPORT_COLUMNS) total[key] += row[key];
  return total;
}

/** One side of the books against the other: balanced when they agree to the cent. */
export type Check = { expectedCents: number; actualCents: number; diffCents: number; balanced: boolean };

const check = (expectedCents: number, actualCents: number): Check => ({
  expectedCents,
  actualCents,
  diffCents: actualCents - expectedCents,
  balanced: actualCents === expectedCents,
});

export type ReconcileInput = {
  /** Σ of every player's balance, each computed as a balance is everywhere else. */
  balancesCents: number;
  creditAddedCents: number;
  creditUsedCents: number;
  /** Transfers from the league to a player (bought in), and from a player to the league (cashed out). */
  leagueInCents: number;
  leagueOutCents: number;
  aceInCents: number;
  acesPaidCents: number;
  /** Of the ace fund in: fees prepaid for rounds that have not started, not in the pot until they do (ADR 21). */
  acePrepaidCents: number;
  /** Of the aces paid: those dated later than now, not taken from the pot until then. */
  acesAheadCents: number;
  /** The ace pot as GET /api/ace and the Aces page report it: as of now. */
  acePotCents: number;
  sidePotsInCents: number;
  sidePotsPaidCents: number;
  /** What the side pots hold, from their own figures: unpaid pots' buy-ins and each name's last rollover. */
  sidePotsHeldCents: number;
};

export type Reconciliation = ReconcileInput & {
  leagueNetCents: number;
  /** Σ balances against credit added − credit used + league transfers. */
  ledger: Check;
  /** The ace pot now against the fees of started rounds − the aces paid until now. */
  ace: Check;
  /** What the side pots hold against their buy-ins − what they paid. */
  sidePots: Check;
};

export function reconcile(input: ReconcileInput): Reconciliation {
  const leagueNetCents = input.leagueInCents - input.leagueOutCents;
  return {
    ...input,
    leagueNetCents,
    ledger: check(input.creditAddedCents - input.creditUsedCents + leagueNetCents, input.balancesCents),
    ace: check(input.aceInCents - input.acePrepaidCents - (input.acesPaidCents - input.acesAheadCents), input.acePotCents),
    sidePots: check(input.sidePotsInCents - input.sidePotsPaidCents, input.sidePotsHeldCents),
  };
}
