import type { Round } from "../db/schema";
import { toDollars } from "~/lib/money";

// The /api's field names (spec §3) are kept at this one boundary; inside, cents and camelCase.

export type RoundDto = {
  id: number;
  d: number;
  n: string;
  loc: string;
  fee_pdga: number;
  fee_course: number;
  fee_other: number;
  ace: number;
  payout: number;
  pdga_url: string | null;
  openForRegistration: boolean;
  entry_count: number;
};

export function roundDto(r: Round & { entryCount: number }): RoundDto {
  return {
    id: r.id,
    d: r.d,
    n: r.n,
    loc: r.loc,
    fee_pdga: toDollars(r.feePdgaCents),
    fee_course: toDollars(r.feeCourseCents),
    fee_other: toDollars(r.feeOtherCents),
    ace: toDollars(r.aceCents),
    payout: toDollars(r.payoutCents),
    pdga_url: r.pdgaUrl,
    openForRegistration: r.openForRegistration,
    entry_count: Number(r.entryCount),
  };
}

/** Entry price without the ace fund fee (DESIGN.md "Fees and sign-up"). */
export function entryPriceCents(r: Pick<Round, "feePdgaCents" | "feeCourseCents" | "feeOtherCents" | "payoutCents">) {
  return r.feePdgaCents + r.feeCourseCents + r.feeOtherCents + r.payoutCents;
}

/** 'position/total|note' → "n of total", or null when no result was computed. */
export function positionLabel(result: string | null): string | null {
  const m = result?.match(/^(\d+)\/(\d+)/);
  return m ? `${m[1]} of ${m[2]}` : null;
}
