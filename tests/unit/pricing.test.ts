import { describe, expect, it } from "vitest";
import {
  CONVENIENCE_FEE_BASIS_POINTS,
  CONVENIENCE_FEE_FIXED_CENTS,
  type ConvenienceFee,
  DEFAULT_CONVENIENCE_FEE,
  type RoundFees,
  type SignUpQuote,
  clampCreditCents,
  convenienceFeeCents,
  creditSuggestionCapCents,
  entryPriceCents,
  entryTotalCents,
  paypalChargeCents,
  quoteSignUp,
  suggestedCreditCents,
} from "~/lib/signup/pricing";

// The multi-editor's defaults: $0.50 PDGA + $0 course + $0 other + $4.50 payout, $1 ace.
const ROUND: RoundFees = { feePdgaCents: 50, feeCourseCents: 0, feeOtherCents: 0, payoutCents: 450, aceCents: 100 };

describe("entry price", () => {
  it("is the fees plus the payout; the ace fee is added when opted in, which is the default", () => {
    expect(entryPriceCents(ROUND)).toBe(500);
    expect(entryTotalCents(ROUND)).toBe(600);
    expect(entryTotalCents(ROUND, true)).toBe(600);
    expect(entryTotalCents(ROUND, false)).toBe(500);
    expect(entryTotalCents({ feePdgaCents: 50, feeCourseCents: 125, feeOtherCents: 5, payoutCents: 425, aceCents: 150 })).toBe(755);
  });

  it("refuses amounts that are not whole non-negative cents (a dollars value is a bug)", () => {
    expect(() => entryPriceCents({ ...ROUND, payoutCents: 4.5 })).toThrow(RangeError);
    expect(() => entryPriceCents({ ...ROUND, feePdgaCents: -50 })).toThrow(RangeError);
    expect(() => entryTotalCents({ ...ROUND, aceCents: Number.NaN })).toThrow(RangeError);
    expect(entryTotalCents({ ...ROUND, aceCents: Number.NaN }, false)).toBe(500);
  });
});

describe("credit clamp: 0..min(balance, total)", () => {
  it("uses what was asked when the balance and the total allow it", () => {
    expect(clampCreditCents(250, 1_000, 600)).toBe(250);
    expect(clampCreditCents(0, 1_000, 600)).toBe(0);
  });

  it("covers the full total at most, and the balance at most", () => {
    expect(clampCreditCents(600, 600, 600)).toBe(600);
    expect(clampCreditCents(5_000, 10_000, 600)).toBe(600);
    expect(clampCreditCents(5_000, 420, 600)).toBe(420);
    expect(clampCreditCents(Number.POSITIVE_INFINITY, 420, 600)).toBe(420);
  });

  it("clamps a negative, NaN or fractional request and allows nothing on a debt or a zero total", () => {
    expect(clampCreditCents(-100, 1_000, 600)).toBe(0);
    expect(clampCreditCents(Number.NaN, 1_000, 600)).toBe(0);
    expect(clampCreditCents(Number.NEGATIVE_INFINITY, 1_000, 600)).toBe(0);
    expect(clampCreditCents(250.9, 1_000, 600)).toBe(250);
    expect(clampCreditCents(300, -575, 600)).toBe(0);
    expect(clampCreditCents(300, 1_000, 0)).toBe(0);
  });

  it("refuses a balance or total that is not whole cents", () => {
    expect(() => clampCreditCents(100, 4.5, 600)).toThrow(RangeError);
    expect(() => clampCreditCents(100, 1_000, Number.NaN)).toThrow(RangeError);
    expect(() => clampCreditCents(100, 1_000, -1)).toThrow(RangeError);
  });
});

describe("credit suggestion", () => {
  it("is capped at the round's fees, payout and ace fee together", () => {
    expect(creditSuggestionCapCents(ROUND)).toBe(600);
    expect(suggestedCreditCents(10_000, ROUND)).toBe(600);
    expect(suggestedCreditCents(350, ROUND)).toBe(350);
    expect(suggestedCreditCents(0, ROUND)).toBe(0);
    expect(suggestedCreditCents(-200, ROUND)).toBe(0);
  });
});

describe("PayPal convenience fee: 9 cents + 2 % of the rest, half up to the cent", () => {
  it("defaults to the league's 9 cents and 200 basis points", () => {
    expect([CONVENIENCE_FEE_FIXED_CENTS, CONVENIENCE_FEE_BASIS_POINTS]).toEqual([9, 200]);
    expect(DEFAULT_CONVENIENCE_FEE).toEqual({ fixedCents: 9, basisPoints: 200 });
  });

  it("charges nothing, fee included, when nothing is left to pay", () => {
    expect(convenienceFeeCents(0)).toBe(0);
    expect(paypalChargeCents(0)).toBe(0);
  });

  it("adds the fee to the rest", () => {
    expect(convenienceFeeCents(100)).toBe(9 + 2);
    expect(convenienceFeeCents(600)).toBe(9 + 12);
    expect(paypalChargeCents(600)).toBe(621);
    expect(paypalChargeCents(1)).toBe(1 + 9); // 0.02 cents rounds to nothing
  });

  it("rounds half a cent up and less than half down", () => {
    expect(convenienceFeeCents(24)).toBe(9); // 0.48 cents
    expect(convenienceFeeCents(25)).toBe(10); // 0.5 cents
    expect(convenienceFeeCents(26)).toBe(10); // 0.52 cents
    expect(convenienceFeeCents(75)).toBe(11); // 1.5 cents
    expect(convenienceFeeCents(125)).toBe(12); // 2.5 cents
    expect(convenienceFeeCents(1_075)).toBe(9 + 22); // 21.5 cents
  });

  it("is exact half-up for every rest up to $500 (no float drift)", () => {
    for (let rest = 1; rest <= 50_000; rest++) {
      const share = convenienceFeeCents(rest) - 9;
      // 2 % of rest is rest × 2 / 100 cents: the share is within half a cent of it, ties up.
      expect(share * 100 - 50 <= rest * 2 && rest * 2 < share * 100 + 50, `rest ${rest}`).toBe(true);
    }
  });

  it("takes other settings", () => {
    const fee: ConvenienceFee = { fixedCents: 49, basisPoints: 349 }; // 3.49 % + $0.49
    expect(convenienceFeeCents(1_000, fee)).toBe(49 + 35); // 34.9 cents → 35
    expect(paypalChargeCents(0, fee)).toBe(0);
  });

  it("refuses a negative or non-integer rest", () => {
    expect(() => convenienceFeeCents(-1)).toThrow(RangeError);
    expect(() => convenienceFeeCents(4.5)).toThrow(RangeError);
    expect(() => paypalChargeCents(Number.NaN)).toThrow(RangeError);
  });
});

describe("quoteSignUp", () => {
  it("pays fully by credit when the credit covers the total: no charge, no fee", () => {
    const byCredit: SignUpQuote = { totalCents: 600, creditUsedCents: 600, restCents: 0, feeCents: 0, chargeCents: 0, paidByCredit: true };
    expect(quoteSignUp({ round: ROUND, balanceCents: 2_000, creditRequestedCents: 2_000 })).toEqual(byCredit);
  });

  it("charges the rest plus the fee through PayPal otherwise", () => {
    expect(quoteSignUp({ round: ROUND, aceOptIn: false, balanceCents: 150, creditRequestedCents: 400 })).toEqual({
      totalCents: 500,
      creditUsedCents: 150,
      restCents: 350,
      feeCents: 9 + 7,
      chargeCents: 366,
      paidByCredit: false,
    });
    expect(quoteSignUp({ round: ROUND, balanceCents: 0, creditRequestedCents: Number.NaN })).toMatchObject({
      creditUsedCents: 0,
      restCents: 600,
      chargeCents: 621,
    });
  });
});
