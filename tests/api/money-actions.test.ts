import { versionOf } from "../version-fixtures";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { balanceOf, testDb } from "../fixtures";
import { paidEntry, paymentRow, refundEvent } from "../money-fixtures";
import { entries, paymentRefunds, payments } from "~/.server/db/schema";
import { recordRefund } from "~/.server/services/money/refunds";
import { WITHDRAW_MESSAGES } from "~/.server/services/entries/withdrawal";

// The money routes of ADR 22 through the Worker: a player's (or an admin's) withdrawal, the
// admin's cash record and keep decision, each with its happy, error and auth answers.

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const entryRow = async (id: number) => (await testDb().select().from(entries).where(eq(entries.id, id)))[0];
const paymentsOfRound = (roundId: number) => testDb().select().from(payments).where(eq(payments.roundId, roundId));

describe("DELETE /api/entries/{id}", () => {
  it("withdraws the player's own entry and answers what came back, in dollars", async () => {
    const w = await paidEntry({ creditCents: 200, paypal: true });
    const body = await expectStatus(await call("DELETE", `/api/entries/${w.entry.id}`, { token: w.token }), 200);
    expect(body).toEqual({
      success: true,
      message: `You withdrew from ${w.round.name}. $6.17 is back as your league credit.`,
      entry_id: w.entry.id,
      round_id: w.round.id,
      round_name: w.round.name,
      player_id: w.player.id,
      player_name: `${w.player.firstName} ${w.player.lastName}`,
      credit_back: 6.17,
      paid_back: { credit: 2, paypal: 4.17, cash: 0 },
    });
    expect(await entryRow(w.entry.id)).toBeUndefined();
    expect(await balanceOf(w.player.id)).toBe(617);
  });

  it("refuses someone else's entry (403), a started round (409), an unknown entry (404) and a bad id (400), changing nothing", async () => {
    const [mine, theirs, started] = await Promise.all([
      paidEntry({ creditCents: 600 }),
      paidEntry({ creditCents: 600 }),
      paidEntry({ creditCents: 600, startsIn: -3600 }),
    ]);
    await expectError(await call("DELETE", `/api/entries/${theirs.entry.id}`, { token: mine.token }), 403, WITHDRAW_MESSAGES.notYours);
    await expectError(
      await call("DELETE", `/api/entries/${started.entry.id}`, { token: started.token }),
      409,
      WITHDRAW_MESSAGES.started(started.round.name),
    );
    await expectError(await call("DELETE", "/api/entries/2147483647", { token: mine.token }), 404, "Entry not found");
    await expectError(await call("DELETE", "/api/entries/1e3", { token: mine.token }), 400, "Invalid entry id");
    expect(await entryRow(theirs.entry.id)).toBeDefined();
    expect(await entryRow(started.entry.id)).toBeDefined();
    expect(await balanceOf(started.player.id)).toBe(0);
  });

  it("needs a session (401); an admin may withdraw any entry, even once the round started", async () => {
    const w = await paidEntry({ creditCents: 600, startsIn: -3600 });
    await expectError(await call("DELETE", `/api/entries/${w.entry.id}`), 401);
    const body = await expectStatus(await call("DELETE", `/api/entries/${w.entry.id}`, { token: await adminToken() }), 200);
    expect(body).toMatchObject({
      credit_back: 6,
      message: expect.stringMatching(/^Withdrew .* \$6\.00 back as league credit \(credit \$6\.00\)\.$/),
    });
  });
});

describe("POST /api/admin/entry/delete", () => {
  it("is a withdrawal: the answer says what came back as credit", async () => {
    const w = await paidEntry({ cashCents: 600 });
    const body = await expectStatus(
      await call("POST", "/api/admin/entry/delete", {
        token: await adminToken(),
        body: { id: w.entry.id, version: await versionOf(w.entry.id) },
      }),
      200,
    );
    expect(body).toMatchObject({ success: true, withdrawn: { credit_back: 6, paid_back: { credit: 0, paypal: 0, cash: 6 } } });
    expect(await balanceOf(w.player.id)).toBe(600);
  });
});

describe("POST /api/admin/entry/cash", () => {
  it("records cash for an entry (201) as a completed cash payment with the note", async () => {
    const w = await paidEntry({});
    const body = await expectStatus(
      await call("POST", "/api/admin/entry/cash", { token: await adminToken(), body: { id: w.entry.id, amount: "6.00", note: "hole 1" } }),
      201,
    );
    expect(body).toEqual({
      success: true,
      payment_id: expect.any(Number),
      amount: 6,
      player_name: `${w.player.firstName} ${w.player.lastName}`,
    });
    expect(await paymentRow(body.payment_id)).toMatchObject({ method: "cash", status: "completed", amountCents: 600, roundId: w.round.id });
  });

  it.each([
    ["no amount", {}, "Amount is required"],
    ["zero", { amount: 0 }, "Amount must be more than 0"],
    ["a negative amount", { amount: -5 }, "Amount must be an amount in dollars, like 12.50"],
    ["three decimals", { amount: "1.005" }, "Amount can have at most 2 decimals"],
    ["an absurd amount", { amount: 500.01 }, "Amount must be at most $500.00: record larger sums as a transfer"],
    ["a note of 201 characters", { amount: 6, note: "n".repeat(201) }, "Note must be at most 200 characters"],
  ])("answers 400 for %s and records nothing", async (_, extra, message) => {
    const w = await paidEntry({});
    await expectError(
      await call("POST", "/api/admin/entry/cash", { token: await adminToken(), body: { id: w.entry.id, ...extra } }),
      400,
      message,
    );
    expect(await paymentsOfRound(w.round.id)).toEqual([]);
  });

  it("answers 404 for an entry that does not exist, 403 to a player and 401 to nobody", async () => {
    const w = await paidEntry({});
    await expectError(
      await call("POST", "/api/admin/entry/cash", { token: await adminToken(), body: { id: 2_147_483_647, amount: 6 } }),
      404,
    );
    await expectError(
      await call("POST", "/api/admin/entry/cash", { token: w.token, body: { id: w.entry.id, amount: 6 } }),
      403,
      "Not an admin",
    );
    await expectError(await call("POST", "/api/admin/entry/cash", { body: { id: w.entry.id, amount: 6 } }), 401);
    expect(await paymentsOfRound(w.round.id)).toEqual([]);
  });
});

describe("POST /api/admin/entry/keep", () => {
  it("keeps an entry PayPal refunded (its refunds marked kept); 409 when none waits; 404 for no entry", async () => {
    const token = await adminToken();
    const w = await paidEntry({ creditCents: 200, paypal: true });
    await expectError(await call("POST", "/api/admin/entry/keep", { token, body: { id: w.entry.id } }), 409);
    await recordRefund(testDb(), refundEvent(w.paypal!.captureId!, 417));
    await expectStatus(await call("POST", "/api/admin/entry/keep", { token, body: { id: w.entry.id } }), 200);
    const refunds = await testDb().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, w.paypal!.id));
    expect(refunds.map((r) => r.resolution)).toEqual(["kept"]);
    expect(await entryRow(w.entry.id)).toBeDefined();
    await expectError(await call("POST", "/api/admin/entry/keep", { token, body: { id: 2_147_483_647 } }), 404);
    await expectError(await call("POST", "/api/admin/entry/keep", { token: w.token, body: { id: w.entry.id } }), 403);
  });
});
