import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, testDb } from "../fixtures";
import { expectBooksBalance, makePayment, paidEntry, refundEvent } from "../money-fixtures";
import { leagueFromEnv } from "~/.server/league";
import { recordCash } from "~/.server/services/entries/cash";
import { giveBackPayment, takeBackCredit } from "~/.server/services/money/money-issues";
import { keepEntry, recordRefund } from "~/.server/services/money/refunds";
import { moneyReport } from "~/.server/services/money/reports";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { flagHref, flagText } from "~/lib/money/book-flags";

// The books check with cash, withdrawals and PayPal's refunds in the mix (ADR 22): the two
// sums still balance to the cent after each, and the flags a person acts on appear when
// money is left unaccounted and go once the admin has acted. This file's database is its own.

const db = testDb;
const report = () => moneyReport(db(), leagueFromEnv(env));
const flags = async () => (await report()).flags;
const roundOf = async (id: number) => (await report()).rounds.find((r) => r.id === id)!;

describe("the books check", () => {
  it("counts cash collected, PayPal net of refunds and the refunds, per round and in the totals", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const walkUp = await makeEntry({ roundId: w.round.id, playerId: (await makePlayer()).id });
    await recordCash(db(), { entryId: walkUp.id, amountCents: 600, note: null });
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 100));
    expect(await roundOf(w.round.id)).toMatchObject({ cashCents: 600, paypalCents: 317, paypalRefundsCents: 100, entries: 2 });
    const { totals } = await report();
    expect(totals).toMatchObject({ cashCents: 600, paypalCents: 317, paypalRefundsCents: 100 });
    await expectBooksBalance();
    await keepEntry(db(), w.entry.id);
  });

  it("flags an entry standing after PayPal refunded its payment, until the admin keeps or withdraws it", async () => {
    const kept = await paidEntry({ creditCents: 200, paypal: true });
    const gone = await paidEntry({ paypal: true });
    await recordRefund(db(), refundEvent(kept.paypal!.captureId!, 417));
    await recordRefund(db(), refundEvent(gone.paypal!.captureId!, 9, { reversal: true }));
    const found = await flags();
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "refund-standing", entryId: kept.entry.id, cents: 417, reversal: false }),
        expect.objectContaining({ kind: "refund-standing", entryId: gone.entry.id, cents: 621, reversal: true }),
      ]),
    );
    const flag = found.find((f) => f.kind === "refund-standing" && f.entryId === kept.entry.id)!;
    expect(flagText(flag)).toBe(
      `PayPal refunded $4.17 of ${kept.player.firstName} ${kept.player.lastName}'s payment for ${kept.round.name}, and the entry still stands. Keep it (it then owes) or withdraw it.`,
    );
    expect(flagHref(flag)).toBe(`/admin/round/play/${kept.round.id}#entry-${kept.entry.id}`);
    await expectBooksBalance();
    await keepEntry(db(), kept.entry.id);
    await withdrawEntry(db(), gone.entry.id, { admin: true });
    expect(await flags()).toEqual([]);
    await expectBooksBalance();
  });

  it("flags money received with no entry standing and not given back, until it is given back or the player entered", async () => {
    const w = await paidEntry({});
    const [walkAway, later] = await Promise.all([makePlayer(), makePlayer()]);
    const a = await makePayment({
      roundId: w.round.id,
      playerId: walkAway.id,
      method: "cash",
      amountCents: 600,
      captureId: null,
      transactionId: null,
    });
    await makePayment({ roundId: w.round.id, playerId: later.id, amountCents: 621, leagueFeeCents: 21 });
    expect((await flags()).map((f) => [f.kind, f.playerName, f.cents])).toEqual([
      ["unentered", `${walkAway.firstName} ${walkAway.lastName}`, 600],
      ["unentered", `${later.firstName} ${later.lastName}`, 621],
    ]);
    await giveBackPayment(db(), a.id);
    await makeEntry({ roundId: w.round.id, playerId: later.id });
    expect(await flags()).toEqual([]);
    await expectBooksBalance();
  });

  it("flags a payment PayPal refunded after it was given back as credit, until the credit is taken back", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    await withdrawEntry(db(), w.entry.id, { admin: false, userId: w.user.id });
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 417));
    expect(await flags()).toEqual([expect.objectContaining({ kind: "overpaid", paymentId: w.paypal!.id, cents: 417 })]);
    await takeBackCredit(db(), w.paypal!.id);
    expect(await flags()).toEqual([]);
    await expectBooksBalance();
  });
});
