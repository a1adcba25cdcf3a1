import type { RoundFees } from "../signup/pricing";
import { centsInput } from "../shared/money";
import { toDateTimeInputs } from "./round-dates";

// A round as the admin's forms hold it: every field the text its input shows, money in
// dollars ("4.50"). The server turns it back into cents with the /api's own schema.

export type MoneyField = "fee_pdga" | "fee_course" | "fee_other" | "ace" | "payout";

/** The five amounts, in the order the forms show them, with the labels the schema's messages use. */
export const MONEY_FIELDS: readonly { name: MoneyField; label: string; short: string }[] = [
  { name: "fee_pdga", label: "PDGA fee", short: "PDGA" },
  { name: "fee_course", label: "Course fund", short: "Course" },
  { name: "fee_other", label: "Other fee", short: "Other" },
  { name: "ace", label: "Ace fee", short: "Ace" },
  { name: "payout", label: "Payout", short: "Payout" },
];

/** `layout_id` is the chosen layout's id, "" for none (ADR 25). */
export type RoundInputs = { date: string; time: string; name: string; location: string; layout_id: string; pdga_url: string } & Record<
  MoneyField,
  string
>;

/** The round form's defaults, in cents (.5 / 1 / 0 / 1 / 4.5). */
export const ROUND_FORM_DEFAULTS: Record<MoneyField, number> = { fee_pdga: 50, fee_course: 100, fee_other: 0, ace: 100, payout: 450 };

export function moneyInputs(cents: Record<MoneyField, number>): Record<MoneyField, string> {
  return {
    fee_pdga: centsInput(cents.fee_pdga),
    fee_course: centsInput(cents.fee_course),
    fee_other: centsInput(cents.fee_other),
    ace: centsInput(cents.ace),
    payout: centsInput(cents.payout),
  };
}

type StoredRound = RoundFees & { startsAt: number; name: string; location: string; layoutId: number | null; pdgaUrl: string | null };

/** A stored round as its form's inputs, dated in `timeZone`. */
export function roundInputs(round: StoredRound, timeZone: string): RoundInputs {
  return {
    ...toDateTimeInputs(round.startsAt, timeZone),
    name: round.name,
    location: round.location,
    layout_id: round.layoutId === null ? "" : String(round.layoutId),
    pdga_url: round.pdgaUrl ?? "",
    ...moneyInputs({
      fee_pdga: round.feePdgaCents,
      fee_course: round.feeCourseCents,
      fee_other: round.feeOtherCents,
      ace: round.aceCents,
      payout: round.payoutCents,
    }),
  };
}
