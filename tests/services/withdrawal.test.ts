import { versionOf } from "../version-fixtures";
import { ENTRY_CHANGED } from "~/.server/services/rounds/versions";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceOf, makeEntry, makePlayer, makeTransfer, refusal, testDb } from "../fixtures";
import { expectBooksBalance, giveBacks, makePayment, paidEntry, refundEvent } from "../money-fixtures";
import { entries, paymentRefunds } from "~/.server/db/schema";
import { deleteEntry } from "~/.server/services/entries/entry-admin";
import { recordRefund } from "~/.server/services/money/refunds";
import { WITHDRAW_MESSAGES, withdrawEntry } from "~/.server/services/entries/withdrawal";
import { adminWithdrawalMessage, playerWithdrawalMessage } from "~/.server/services/entries/withdrawal-messages";

// Withdrawing from a round (ADR 22): whatever paid for the entry — credit, PayPal (its
// convenience fee too), cash — comes back as league credit in the batch that removes it.

const db = testDb;
const entryRow = async (id: number) => (await db().select().from(entries).where(eq(entries.id, id)))[0];

describe("a player withdrawing", () => {
  it("gets back the credit used and the whole PayPal charge, in one step, and the page's words say so", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    expect(await balanceOf(w.player.id)).toBe(0);
    const out = await withdrawEntry(db(), w.entry.id, { admin: false, userId: w.user.id });
    // $2.00 credit + $4.17 PayPal ($4.00 of entry and the $0.17 convenience fee).
    expect(out).toMatchObject({ creditCents: 200, paypalCents: 417, cashCents: 0, totalCents: 617, roundName: w.round.name });
    expect(await entryRow(w.entry.id)).toBeUndefined();
    expect(await balanceOf(w.player.id)).toBe(617);
    const [back, ...more] = await giveBacks(w.paypal!.id);
    expect(more).toHaveLength(0);
    expect(back).toMatchObject({ fromPlayerId: null, toPlayerId: w.player.id, amountCents: 417 });
    expect(back?.description).toContain(w.round.name);
    expect(playerWithdrawalMessage(out)).toBe(`You withdrew from ${w.round.name}. $6.17 is back as your league credit.`);
    await expectBooksBalance();
  });

  it("gets back cash recorded at the course, and only what PayPal did not already refund", async () => {
    // $3 cash, the $3 rest through PayPal ($3.15 with its fee), $2.21 of which PayPal refunded.
    const w = await paidEntry({ creditCents: 0, paypal: true, cashCents: 300 });
    await recordRefund(db(), refundEvent(w.paypal!.captureId!, 221));
    const out = await withdrawEntry(db(), w.entry.id, { admin: false, userId: w.user.id });
    expect(out).toMatchObject({ creditCents: 0, paypalCents: 315 - 221, cashCents: 300, totalCents: 94 + 300 });
    expect(await balanceOf(w.player.id)).toBe(394);
    // The refund the admin had not decided on is settled by the withdrawal.
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, w.paypal!.id));
    expect(refunds.map((r) => r.resolution)).toEqual(["withdrawn"]);
    await expectBooksBalance();
  });

  it("may withdraw only their own entry, and only before the round starts; nothing changes when refused", async () => {
    const mine = await paidEntry({ creditCents: 600 });
    const theirs = await paidEntry({ creditCents: 600 });
    const notYours = await refusal(withdrawEntry(db(), theirs.entry.id, { admin: false, userId: mine.user.id }));
    expect([notYours.status, notYours.message]).toEqual([403, WITHDRAW_MESSAGES.notYours]);
    const started = await paidEntry({ creditCents: 600, startsIn: -60 });
    const late = await refusal(withdrawEntry(db(), started.entry.id, { admin: false, userId: started.user.id }));
    expect([late.status, late.message]).toEqual([409, WITHDRAW_MESSAGES.started(started.round.name)]);
    expect(await entryRow(theirs.entry.id)).toBeDefined();
    expect(await entryRow(started.entry.id)).toBeDefined();
    expect(await balanceOf(started.player.id)).toBe(0);
    // An admin may withdraw any entry, started or not.
    const out = await withdrawEntry(db(), started.entry.id, { admin: true });
    expect(out.totalCents).toBe(600);
    expect(adminWithdrawalMessage(out)).toBe(
      `Withdrew ${started.player.firstName} ${started.player.lastName} from ${started.round.name}: $6.00 back as league credit (credit $6.00).`,
    );
  });

  it("answers 404 for an entry that does not exist (or no longer), 409 for one changed since it was read", async () => {
    expect((await refusal(withdrawEntry(db(), 2_147_483_647, { admin: true }))).status).toBe(404);
    const w = await paidEntry({ creditCents: 600 });
    const changed = await refusal(withdrawEntry(db(), w.entry.id, { admin: true }, { version: w.entry.version + 1 }));
    expect([changed.status, changed.message]).toEqual([409, `${w.player.firstName} ${w.player.lastName}: ${ENTRY_CHANGED}`]);
    const other = await paidEntry({});
    expect((await refusal(withdrawEntry(db(), w.entry.id, { admin: true }, { inRound: other.round.id }))).status).toBe(404);
    await withdrawEntry(db(), w.entry.id, { admin: true }, { version: w.entry.version });
    expect((await refusal(withdrawEntry(db(), w.entry.id, { admin: true }))).status).toBe(404);
  });
});

describe("the admin's entry delete", () => {
  it("is a withdrawal: a paid entry cannot be removed without its money coming back, and never twice", async () => {
    const w = await paidEntry({ creditCents: 100, paypal: true });
    const first = await deleteEntry(db(), w.entry.id, await versionOf(w.entry.id), w.round.id);
    expect(first.totalCents).toBe(100 + w.paypal!.amountCents);
    // Entered again by the admin and withdrawn again: the PayPal money came back once already.
    const again = await makeEntry({ roundId: w.round.id, playerId: w.player.id, division: "MA2" });
    const second = await deleteEntry(db(), again.id, await versionOf(again.id), w.round.id);
    expect(second).toMatchObject({ creditCents: 0, paypalCents: 0, totalCents: 0 });
    expect(adminWithdrawalMessage(second)).toContain("Nothing had been paid, so no credit came back.");
    expect(await giveBacks(w.paypal!.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(first.totalCents);
    await expectBooksBalance();
  });

  it("refuses, changing nothing, when it would take away prize credit already spent; money given back counts first", async () => {
    const w = await paidEntry({});
    const [spent, paid] = await Promise.all([makePlayer(), makePlayer()]);
    const prized = await makeEntry({ roundId: w.round.id, playerId: spent.id, creditAddedCents: 450 });
    await makeTransfer({ fromPlayerId: spent.id, toPlayerId: null, amountCents: 450 });
    const refused = await refusal(deleteEntry(db(), prized.id, await versionOf(prized.id), w.round.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^Credit cannot go below zero/);
    expect(await entryRow(prized.id)).toBeDefined();
    // The same prize, but the entry was paid $6 in cash: $6 back less the $4.50 prize leaves $1.50.
    const cashPrized = await makeEntry({ roundId: w.round.id, playerId: paid.id, creditAddedCents: 450 });
    await makeTransfer({ fromPlayerId: paid.id, toPlayerId: null, amountCents: 450 });
    await makePayment({ roundId: w.round.id, playerId: paid.id, method: "cash", amountCents: 600, captureId: null, transactionId: null });
    const out = await deleteEntry(db(), cashPrized.id, await versionOf(cashPrized.id), w.round.id);
    expect(out.cashCents).toBe(600);
    expect(await balanceOf(paid.id)).toBe(150);
    await expectBooksBalance();
  });
});
