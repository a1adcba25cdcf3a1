import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { refusal, testDb } from "../fixtures";
import { expectBooksBalance, paidEntry, paymentRow, refundEvent, refundedOf } from "../money-fixtures";
import { paymentRefunds } from "~/.server/db/schema";
import { keepEntry, recordRefund } from "~/.server/services/money/refunds";

// PayPal's refunds as ledger rows (ADR 22): each refund its own row against the payment,
// partial ones adding up, the payment `refunded` only when they reach its amount, and the
// same refund twice counted once.

const db = testDb;
const refundsOf = (paymentId: number) => db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));

describe("recordRefund", () => {
  it("adds partial refunds up; the payment is refunded only when they reach its amount", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true }); // $4.17
    const capture = w.paypal!.captureId!;
    await recordRefund(db(), refundEvent(capture, 100));
    expect(await paymentRow(w.paypal!.id)).toMatchObject({ status: "completed" });
    await recordRefund(db(), refundEvent(capture, 300));
    expect((await paymentRow(w.paypal!.id))?.status).toBe("completed");
    await recordRefund(db(), refundEvent(capture, 17));
    expect(await paymentRow(w.paypal!.id)).toMatchObject({ status: "refunded" });
    expect((await refundsOf(w.paypal!.id)).map((r) => [r.kind, r.amountCents, r.resolution])).toEqual([
      ["refund", 100, null],
      ["refund", 300, null],
      ["refund", 17, null],
    ]);
    await expectBooksBalance();
  });

  it("counts the same refund once, whether replayed under its event id or another", async () => {
    const w = await paidEntry({ paypal: true });
    const event = refundEvent(w.paypal!.captureId!, 250, { refundId: "REF-ONCE-1" });
    expect(await recordRefund(db(), event)).toContain("250 cents recorded");
    expect(await recordRefund(db(), event)).toBe("refund REF-ONCE-1 already recorded");
    expect(await recordRefund(db(), { ...event, eventId: "WH-OTHER" })).toBe("refund REF-ONCE-1 already recorded");
    expect(await refundedOf(w.paypal!.id)).toBe(250);
  });

  it("clamps a refund to what is left of the payment and says so in the log; nothing left records nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Another payment's refunds first, so refund ids and payment ids differ: each sum is its own payment's.
    for (let i = 0; i < 3; i++) await recordRefund(db(), refundEvent((await paidEntry({ paypal: true })).paypal!.captureId!, 50));
    const w = await paidEntry({ paypal: true }); // $6.21
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 500));
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 500));
    expect(await refundedOf(w.paypal!.id)).toBe(621);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("is more than was left"));
    expect(await recordRefund(db(), refundEvent(w.paypal!.captureId!, 100))).toContain("nothing left");
    expect(await refundsOf(w.paypal!.id)).toHaveLength(2);
    warn.mockRestore();
  });

  it("records a reversal (a chargeback) as what is left, whatever the event's amount, and a refund without an amount as the rest", async () => {
    const w = await paidEntry({ paypal: true });
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 100));
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 9_999, { reversal: true }));
    expect((await refundsOf(w.paypal!.id)).map((r) => [r.kind, r.amountCents])).toEqual([
      ["refund", 100],
      ["reversal", 521],
    ]);
    expect((await paymentRow(w.paypal!.id))?.status).toBe("refunded");
    const rest = await paidEntry({ paypal: true });
    await recordRefund(db(), refundEvent(rest.paypal!.captureId!, null));
    expect(await refundedOf(rest.paypal!.id)).toBe(621);
  });

  it("throws for a capture no payment has yet, so the queue tries again once the capture is recorded", async () => {
    await expect(recordRefund(db(), refundEvent("CAP-NOT-YET", 100))).rejects.toThrow("no payment for capture CAP-NOT-YET yet");
  });
});

describe("keepEntry", () => {
  it("marks the entry's undecided refunds kept, and refuses (409) when none waits and (404) for an unknown entry", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const none = await refusal(keepEntry(db(), w.entry.id));
    expect([none.status, none.message]).toEqual([
      409,
      `No PayPal refund of ${w.player.firstName} ${w.player.lastName}'s entry waits for a decision.`,
    ]);
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 200));
    expect((await refusal(keepEntry(db(), w.entry.id, w.round.id + 1))).status).toBe(404);
    expect(await keepEntry(db(), w.entry.id, w.round.id)).toEqual({ name: `${w.player.firstName} ${w.player.lastName}` });
    expect((await refundsOf(w.paypal!.id)).map((r) => r.resolution)).toEqual(["kept"]);
    expect((await refusal(keepEntry(db(), 2_147_483_647))).status).toBe(404);
  });
});
