import { describe, expect, it } from "vitest";
import { type MoneyPayment, entryMoney, leftCents, overpaidCents, paidLine, paysCents } from "~/lib/money/entry-money";

// What paid for an entry and what it owes (ADR 22), with any numbers.

const paypal = (amountCents: number, leagueFeeCents: number, more: Partial<MoneyPayment> = {}): MoneyPayment => ({
  id: 1,
  method: "paypal",
  amountCents,
  leagueFeeCents,
  refundedCents: 0,
  givenBackCents: null,
  excessBackCents: 0,
  ...more,
});
const cash = (amountCents: number, more: Partial<MoneyPayment> = {}): MoneyPayment => ({
  ...paypal(amountCents, 0),
  id: 2,
  method: "cash",
  ...more,
});

describe("entryMoney", () => {
  it("counts credit, PayPal less its convenience fee, and cash; owes the rest of the price", () => {
    // $6 entry: $2 credit, $4.17 PayPal ($0.17 fee): paid in full; a withdrawal gives back $6.17.
    expect(entryMoney(600, 200, [paypal(417, 17)])).toEqual({
      paid: { creditCents: 200, paypalCents: 400, cashCents: 0 },
      paidCents: 600,
      owedCents: 0,
      overCents: 0,
      back: { creditCents: 200, paypalCents: 417, cashCents: 0 },
      backCents: 617,
    });
    expect(entryMoney(600, 0, [cash(250)])).toMatchObject({ paid: { cashCents: 250 }, owedCents: 350, backCents: 250 });
    expect(entryMoney(600, 0, [])).toMatchObject({ paidCents: 0, owedCents: 600, backCents: 0 });
    // Paying more than the price owes nothing (never a negative owed).
    expect(entryMoney(600, 0, [cash(700)])).toMatchObject({ owedCents: 0, overCents: 100, backCents: 700 });
  });

  it("takes the excess given back as credit off what a payment pays and what a withdrawal gives back (ADR 37)", () => {
    // $6 entry paid $6 credit and $6 cash; the $6 of cash beyond the price went back as credit.
    const duplicate = cash(600, { excessBackCents: 600 });
    expect(paysCents(duplicate)).toBe(0);
    expect(leftCents(duplicate)).toBe(0);
    expect(entryMoney(600, 600, [duplicate])).toMatchObject({ paidCents: 600, owedCents: 0, overCents: 0, backCents: 600 });
    // $10 cash for a $6 entry, $4 back as credit: it pays $6, and a withdrawal gives back $6 more.
    expect(entryMoney(600, 0, [cash(1000, { excessBackCents: 400 })])).toMatchObject({ paidCents: 600, overCents: 0, backCents: 600 });
  });

  it("takes PayPal's refunds off what paid, never below zero, and off what comes back", () => {
    expect(entryMoney(600, 200, [paypal(417, 17, { refundedCents: 100 })])).toMatchObject({
      paid: { paypalCents: 300 },
      owedCents: 100,
      back: { paypalCents: 317 },
    });
    // A refund of the whole charge: the fee is refunded too, the PayPal part pays nothing (not −$0.17).
    expect(entryMoney(600, 200, [paypal(417, 17, { refundedCents: 417 })])).toMatchObject({
      paid: { paypalCents: 0 },
      owedCents: 400,
      backCents: 200,
    });
  });

  it("counts nothing of a payment already given back as credit", () => {
    const given = paypal(621, 21, { givenBackCents: 621 });
    expect(paysCents(given)).toBe(0);
    expect(leftCents(given)).toBe(0);
    expect(entryMoney(600, 0, [given])).toMatchObject({ owedCents: 600, backCents: 0 });
  });
});

describe("overpaidCents", () => {
  it("is what PayPal refunded on top of the credit given back", () => {
    expect(overpaidCents({ amountCents: 417, refundedCents: 0, givenBackCents: 417, excessBackCents: 0 })).toBe(0);
    expect(overpaidCents({ amountCents: 417, refundedCents: 100, givenBackCents: 317, excessBackCents: 0 })).toBe(0);
    expect(overpaidCents({ amountCents: 417, refundedCents: 150, givenBackCents: 317, excessBackCents: 0 })).toBe(50);
    expect(overpaidCents({ amountCents: 417, refundedCents: 417, givenBackCents: null, excessBackCents: 0 })).toBe(0);
  });
});

describe("paidLine", () => {
  it("names the parts that paid, in order", () => {
    expect(paidLine({ creditCents: 200, paypalCents: 400, cashCents: 0 })).toBe("Paid: credit $2.00 · PayPal $4.00");
    expect(paidLine({ creditCents: 0, paypalCents: 0, cashCents: 1_050 })).toBe("Paid: cash $10.50");
    expect(paidLine({ creditCents: 0, paypalCents: 0, cashCents: 0 })).toBe("Paid: nothing yet");
  });
});
