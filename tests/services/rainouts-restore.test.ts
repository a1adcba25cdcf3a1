// Restoring a cancelled round (ADR 50): exactly as it was before the cancel — balances,
// transfers, the ace pot, its entries counting again — or refused, naming the blocker and
// changing nothing: credit the cancel gave back was spent, a payment went back to PayPal, an
// entry or payment of the round changed, the ace pot moved. The books balance after each.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY, balanceOf, makeAce, makeEntry, makePlayer, makeTransfer, nowSec, refusal, testDb } from "../fixtures";
import { PRICE, expectBooksBalance, makePayment, paidEntry } from "../money-fixtures";
import { payments, roundCancellations, rounds, transfers } from "~/.server/db/schema";
import { acePotAtSql } from "~/.server/services/money/ace-pot";
import { withdrawEntry } from "~/.server/services/entries/withdrawal";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { restoreRound } from "~/.server/services/rainouts/restore";
import { RESTORE_MESSAGES } from "~/lib/rainouts/messages";

const db = testDb;
const cancel = (roundId: number) => cancelRound(db(), roundId, { reason: "weather", acesStand: false, userId: null });
const roundRow = async (id: number) => (await db().select().from(rounds).where(eq(rounds.id, id)))[0];
const potNow = async () => Number((await db().all<{ p: number }>(sql`select ${acePotAtSql(db(), nowSec() + 10 * DAY)} as p`))[0]?.p);
const cancelTransfers = (roundId: number) => db().select().from(transfers).where(eq(transfers.cancelRoundId, roundId));

/** A round that started an hour ago with Ann (credit and PayPal) and Bob (cash), cancelled. */
async function cancelledNight() {
  const ann = await paidEntry({ creditCents: 200, paypal: true, startsIn: -3600 });
  const bob = await makePlayer({ division: "MA2" });
  await makeEntry({ roundId: ann.round.id, playerId: bob.id, division: "MA2" });
  await makePayment({ roundId: ann.round.id, playerId: bob.id, method: "cash", amountCents: PRICE, captureId: null, transactionId: null });
  const before = { ann: await balanceOf(ann.player.id), bob: await balanceOf(bob.id), pot: await potNow() };
  await cancel(ann.round.id);
  return { ann, bob, round: ann.round, before };
}

describe("restoring a cancelled round", () => {
  it("puts back exactly what the cancel changed", async () => {
    const { ann, bob, round, before } = await cancelledNight();
    expect(await balanceOf(ann.player.id)).toBe(617);
    expect(await balanceOf(bob.id)).toBe(PRICE);
    const done = await restoreRound(db(), round.id);
    expect(done.value.roundName).toBe(round.name);
    expect(await balanceOf(ann.player.id)).toBe(before.ann);
    expect(await balanceOf(bob.id)).toBe(before.bob);
    expect(await potNow()).toBe(before.pot);
    expect(await cancelTransfers(round.id)).toHaveLength(0);
    expect(await roundRow(round.id)).toMatchObject({ cancelledAt: null, cancelReason: null, cancelAcesStand: false });
    expect(await db().select().from(roundCancellations).where(eq(roundCancellations.roundId, round.id))).toHaveLength(0);
    expect(done.followUps.map((f) => f.kind).sort()).toEqual(["rerate", "settle-waitlist", "sync-tags"]);
    await expectBooksBalance();
    // Its entries are writable again, and a cancel after a restore gives back once more.
    await cancel(round.id);
    expect(await balanceOf(ann.player.id)).toBe(617);
    await restoreRound(db(), round.id);
    const w = await withdrawEntry(db(), ann.entry.id, { admin: true });
    expect(w.totalCents).toBe(617);
    await expectBooksBalance();
  });

  it("is refused when a player spent credit the cancel gave back", async () => {
    const { ann, round } = await cancelledNight();
    await makeTransfer({ fromPlayerId: ann.player.id, toPlayerId: null, amountCents: 500 });
    const err = await refusal(restoreRound(db(), round.id));
    expect([err.status, err.message]).toEqual([409, RESTORE_MESSAGES.spent(`${ann.player.firstName} ${ann.player.lastName}`, 500)]);
    expect((await roundRow(round.id))?.cancelledAt).not.toBeNull();
    expect(await cancelTransfers(round.id)).toHaveLength(2 + 1);
    await expectBooksBalance();
  });

  it("is refused when a payment went back to PayPal after the cancel", async () => {
    const { ann, round } = await cancelledNight();
    // What asking for the PayPal part back leaves: its give-back gone, the payment marked asked.
    await db().delete(transfers).where(eq(transfers.paymentId, ann.paypal!.id));
    await db().update(payments).set({ refundAskedAt: nowSec() }).where(eq(payments.id, ann.paypal!.id));
    const err = await refusal(restoreRound(db(), round.id));
    expect([err.status, err.message]).toEqual([409, RESTORE_MESSAGES.refunded(`${ann.player.firstName} ${ann.player.lastName}`)]);
    expect((await roundRow(round.id))?.cancelledAt).not.toBeNull();
  });

  it("is refused when an entry or payment of the round changed after the cancel", async () => {
    const { round } = await cancelledNight();
    // A payment arriving for the cancelled round (a late PayPal capture, cash recorded by mistake).
    const late = await makePlayer();
    await makePayment({ roundId: round.id, playerId: late.id, method: "cash", amountCents: 100, captureId: null, transactionId: null });
    const err = await refusal(restoreRound(db(), round.id));
    expect([err.status, err.message]).toEqual([409, RESTORE_MESSAGES.entries(round.name)]);
    expect((await roundRow(round.id))?.cancelledAt).not.toBeNull();
    await db().delete(payments).where(eq(payments.playerId, late.id));
  });

  it("is refused when the ace pot moved after the cancel", async () => {
    const { round } = await cancelledNight();
    await makeAce({ playerId: (await makePlayer()).id, amountCents: 1, date: nowSec() - 7 * DAY });
    const err = await refusal(restoreRound(db(), round.id));
    expect([err.status, err.message]).toEqual([409, RESTORE_MESSAGES.aces]);
    expect((await roundRow(round.id))?.cancelledAt).not.toBeNull();
    await expectBooksBalance();
  });

  it("twenty restores at once restore once; a round never cancelled is refused", async () => {
    const { ann, round, before } = await cancelledNight();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => restoreRound(db(), round.id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as Error).message).toBe(RESTORE_MESSAGES.notCancelled(round.name));
    expect(await balanceOf(ann.player.id)).toBe(before.ann);
    await expectBooksBalance();
  });
});
