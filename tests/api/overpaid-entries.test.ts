// An entry paid more than its price (ADR 22): the books check flags it and offers both fixes
// (void the duplicate cash, or give the excess back as credit), a withdrawal of it is refused
// until it is sorted out, and a cash record entered by mistake can be voided with a reason
// (an audit row naming the admin, no credit made).
import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "../auth-fixtures";
import { balanceOf, testDb } from "../fixtures";
import { PRICE, expectBooksBalance, makePayment, paymentRow, refundEvent } from "../money-fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { recordRefund } from "~/.server/services/money/refunds";
import * as playPage from "~/routes/admin-round-play";
import { playerEntry } from "../night-fixtures";
import { adminToken } from "../races/race-fixtures";
import { auditLog, transfers } from "~/.server/db/schema";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { roundMoneyOf, roundPayments } from "~/.server/services/money/round-money";
import { entryRow } from "../night-fixtures";
import { lastAuditRowId } from "../books-check";
import { env } from "cloudflare:workers";

/** An entry paid by its credit at check-in and then again in cash, as the night before this fix allowed. */
async function paidTwice() {
  const w = await playerEntry({ creditCents: PRICE });
  const duplicate = await makePayment({
    roundId: w.round.id,
    playerId: w.player.id,
    method: "cash",
    amountCents: PRICE,
    captureId: null,
    transactionId: null,
  });
  return { ...w, duplicate };
}

const flagsOf = async (entryId: number) =>
  (await moneyReport(testDb(), leagueFromEnv(env))).flags.filter((f) => f.kind === "overpaid-entry" && f.entryId === entryId);

async function moneyOf(w: Awaited<ReturnType<typeof playerEntry>>) {
  const entry = await entryRow(w.entry.id);
  return roundMoneyOf(w.round, [{ ...entry, sidePotsCents: 0 }], await roundPayments(testDb(), w.round.id));
}

describe("the books check and an entry paid more than its price", () => {
  it("flags it with the excess, and the entries screen's money to sort out lists it", async () => {
    const w = await paidTwice();
    expect(await flagsOf(w.entry.id)).toEqual([expect.objectContaining({ cents: PRICE, roundId: w.round.id })]);
    expect((await moneyOf(w)).issues).toContainEqual(
      expect.objectContaining({ kind: "overpaid-entry", entryId: w.entry.id, overCents: PRICE }),
    );
  });

  it("refuses a withdrawal of the entry, by the admin and by the player, until it is sorted out", async () => {
    const w = await paidTwice();
    const token = await adminToken();
    const byAdmin = await call("DELETE", `/api/entries/${w.entry.id}`, { token });
    expect(byAdmin.status).toBe(409);
    expect(((await byAdmin.json()) as { error: string }).error).toMatch(/paid more than its price/);
    expect((await call("DELETE", `/api/entries/${w.entry.id}`, { token: w.token })).status).toBe(409);
    expect(await entryRow(w.entry.id)).toBeDefined();
    expect(await testDb().select().from(transfers).where(eq(transfers.paymentId, w.duplicate.id))).toEqual([]);
  });

  it("fix one: void the duplicate cash, with a reason; the flag goes, no credit is made, the log names the admin", async () => {
    const w = await paidTwice();
    const token = await adminToken();
    const before = await balanceOf(w.player.id);
    const mark = await lastAuditRowId();
    const noReason = await call("POST", "/api/admin/entry/voidCash", { token, body: { payment_id: w.duplicate.id } });
    expect(noReason.status).toBe(400);
    const voided = await call("POST", "/api/admin/entry/voidCash", {
      token,
      body: { payment_id: w.duplicate.id, reason: "Entered twice" },
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    expect(await paymentRow(w.duplicate.id)).toMatchObject({ status: "voided", voidReason: "Entered twice" });
    expect(await flagsOf(w.entry.id)).toEqual([]);
    expect((await moneyOf(w)).byEntry.get(w.entry.id)).toMatchObject({ paidCents: PRICE, owedCents: 0 });
    expect(await balanceOf(w.player.id)).toBe(before);
    const rows = await testDb()
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, mark), eq(auditLog.tableName, "payments")));
    expect(rows.map((r) => [r.rowId, r.actorRole, JSON.parse(r.after ?? "{}").status])).toEqual([[w.duplicate.id, "admin", "voided"]]);
    // Voided once: again is refused, and so is a PayPal payment or an unknown one.
    expect((await call("POST", "/api/admin/entry/voidCash", { token, body: { payment_id: w.duplicate.id, reason: "Again" } })).status).toBe(
      409,
    );
    expect((await call("POST", "/api/admin/entry/voidCash", { token, body: { payment_id: 2_147_483_000, reason: "x" } })).status).toBe(404);
    expect(
      (await call("POST", "/api/admin/entry/voidCash", { token: w.token, body: { payment_id: w.duplicate.id, reason: "x" } })).status,
    ).toBe(403);
    // Sorted out, the entry can be withdrawn: its credit comes back, and nothing for the voided cash.
    expect((await call("DELETE", `/api/entries/${w.entry.id}`, { token })).status).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(before + PRICE);
    await expectBooksBalance();
  });

  it("fix two: give the excess back as credit; the flag goes and the withdrawal then gives back the rest", async () => {
    const w = await paidTwice();
    const token = await adminToken();
    const before = await balanceOf(w.player.id);
    const given = await call("POST", "/api/admin/entry/excessToCredit", { token, body: { id: w.entry.id } });
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(before + PRICE);
    expect(await flagsOf(w.entry.id)).toEqual([]);
    expect((await moneyOf(w)).byEntry.get(w.entry.id)).toMatchObject({ paidCents: PRICE, owedCents: 0 });
    // Twice is refused: nothing is left in excess.
    expect((await call("POST", "/api/admin/entry/excessToCredit", { token, body: { id: w.entry.id } })).status).toBe(409);
    // The withdrawal gives back what still pays for the entry: the player has all they paid.
    expect((await call("DELETE", `/api/entries/${w.entry.id}`, { token })).status).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(before + 2 * PRICE);
    await expectBooksBalance();
  });

  it("gives back excess paid twice in money (PayPal, then cash at the course) as credit naming the cash", async () => {
    const w = await playerEntry({});
    const paypal = await makePayment({ roundId: w.round.id, playerId: w.player.id, amountCents: PRICE + 21, leagueFeeCents: 21 });
    const cashRow = await makePayment({
      roundId: w.round.id,
      playerId: w.player.id,
      method: "cash",
      amountCents: 1000,
      captureId: null,
      transactionId: null,
    });
    const token = await adminToken();
    expect(await flagsOf(w.entry.id)).toEqual([expect.objectContaining({ cents: 1000 })]);
    expect((await call("POST", "/api/admin/entry/excessToCredit", { token, body: { id: w.entry.id } })).status).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(1000);
    expect(await flagsOf(w.entry.id)).toEqual([]);
    // The withdrawal gives back the PayPal payment, fee included; the cash is all back already.
    const out = await call("DELETE", `/api/entries/${w.entry.id}`, { token });
    expect(out.status).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(1000 + PRICE + 21);
    expect(paypal.id).not.toBe(cashRow.id);
    await expectBooksBalance();
  });

  it("an excess given back from a PayPal payment that PayPal then refunds is flagged as got twice, and taken back", async () => {
    const w = await playerEntry({});
    await makePayment({ roundId: w.round.id, playerId: w.player.id, amountCents: PRICE + 21, leagueFeeCents: 21 });
    const second = await makePayment({ roundId: w.round.id, playerId: w.player.id, amountCents: PRICE + 21, leagueFeeCents: 21 });
    const token = await adminToken();
    expect((await call("POST", "/api/admin/entry/excessToCredit", { token, body: { id: w.entry.id } })).status).toBe(200);
    expect(await balanceOf(w.player.id)).toBe(PRICE);
    await recordRefund(testDb(), refundEvent(second.captureId ?? "", PRICE + 21));
    const twice = (await moneyReport(testDb(), leagueFromEnv(env))).flags.filter((f) => f.kind === "overpaid");
    expect(twice).toEqual([expect.objectContaining({ paymentId: second.id, cents: PRICE })]);
    const path = `/admin/round/play/${w.round.id}`;
    const taken = await outcome(
      playPage.action(await argsFor("admin", path, { intent: "takeBack", payment: String(second.id) }, { roundId: String(w.round.id) })),
    );
    expect(taken.data.success).toMatch(/^Took \$6\.00 of credit back/);
    expect(await balanceOf(w.player.id)).toBe(0);
    expect((await moneyOf(w)).byEntry.get(w.entry.id)).toMatchObject({ paidCents: PRICE, owedCents: 0, overCents: 0 });
    await expectBooksBalance();
  });
});
