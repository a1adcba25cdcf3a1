import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { PRICE, makePayment } from "../money-fixtures";
import { leagueFromEnv } from "~/.server/league";
import { moneyReport } from "~/.server/services/money/reports";
import { cashRowsSql, nightCash } from "~/.server/services/night/night-cash";
import { sql } from "drizzle-orm";
import { addPot } from "~/.server/services/sidepots/side-pots";
import { choosePot } from "~/.server/services/entries/pot-opt-in";
import { cashSplit } from "~/lib/night/night-cash";

// The night's cash summary (ADR 38): what the round's cash paid for, who recorded each
// record (the audit log's actor), the voided ones, what is owed and the credit used; its
// totals are the reports' for the round, to the cent.

const key = () => `k-${crypto.randomUUID()}`;

async function admins() {
  const [sam, alex] = await Promise.all([makeAdmin({ name: "Sam Cashbox" }), makeAdmin({ name: "Alex Till" })]);
  return { sam: { ...sam, token: await tokenFor(sam) }, alex: { ...alex, token: await tokenFor(alex) } };
}

const cash = (token: string, id: number, amount: number, more: Record<string, unknown> = {}) =>
  call("POST", "/api/admin/entry/cash", { token, body: { id, amount, request_key: key(), ...more } });

describe("the night's cash summary", () => {
  it("splits the cash by what it paid for and who recorded it, and matches the reports to the cent", async () => {
    const { sam, alex } = await admins();
    const round = await makeRound({ startsAt: nowSec() + 3600 });
    const [ann, bo, cy, di, ed, flo] = await Promise.all(Array.from({ length: 6 }, () => makePlayer({ division: "MA2" })));
    const entry = (playerId: number) => makeEntry({ roundId: round.id, playerId, division: "MA2" });
    const [annE, boE, diE, edE, floE] = await Promise.all([entry(ann.id), entry(bo.id), entry(di.id), entry(ed.id), entry(flo.id)]);

    // Ann pays her $6 in cash to Sam; Bo buys into a $2 CTP, owed, and pays $8 in cash to Alex.
    await expectStatus(await cash(sam.token, annE.id, 6, { note: "exact change" }), 201);
    const potId = await addPot(testDb(), round.id, { name: "CTP", kind: "ctp", buyInCents: 200, holes: [3] });
    await choosePot(testDb(), round.id, { potId, entryId: boE.id, join: true, fromCredit: false });
    await expectStatus(await cash(alex.token, boE.id, 8), 201);
    // Cy walks up paying half from credit, half in cash, to Sam.
    await makeTransfer({ fromPlayerId: null, toPlayerId: cy.id, amountCents: 300 });
    await expectStatus(
      await call("POST", `/api/admin/rounds/${round.id}/walk-up`, {
        token: sam.token,
        body: { player_id: cy.id, division: "MA2", credit: 3, amount: 3, request_key: key() },
      }),
      201,
    );
    // Di pays $6, then Sam records it again as more than owed; Ed's $6 is voided by Alex, and he still owes.
    await expectStatus(await cash(sam.token, diE.id, 6), 201);
    await expectStatus(await cash(sam.token, diE.id, 6, { more_than_owed: true }), 201);
    const edCash = await expectStatus<{ payment_id: number }>(await cash(sam.token, edE.id, 6), 201);
    await expectStatus(
      await call("POST", "/api/admin/entry/voidCash", {
        token: alex.token,
        body: { payment_id: edCash.payment_id, reason: "wrong player" },
      }),
      200,
    );
    // Flo paid $6 and withdrew: her cash went back as credit. A PayPal payment is not cash.
    await expectStatus(await cash(alex.token, floE.id, 6), 201);
    await expectStatus(await call("DELETE", `/api/entries/${floE.id}`, { token: alex.token, body: { reason: "went home" } }), 200);
    await makePayment({ roundId: round.id, playerId: (await makePlayer()).id, amountCents: 700 });

    const summary = await nightCash(testDb(), round.id);
    expect(summary.split).toEqual({
      entriesCents: 600 + 600 + 300 + 600,
      potsCents: 200,
      overCents: 600,
      backCents: 600,
      noEntryCents: 0,
      totalCents: 600 + 800 + 300 + 1200 + 600,
    });
    expect(summary.byRecorder).toEqual([
      { name: "Sam Cashbox", cents: 600 + 300 + 1200, records: 4 },
      { name: "Alex Till", cents: 800 + 600, records: 2 },
    ]);
    const edLine = summary.records.find((r) => r.paymentId === edCash.payment_id);
    expect(edLine).toMatchObject({ amountCents: 600, recordedBy: "Sam Cashbox", voided: { reason: "wrong player", by: "Alex Till" } });
    expect(summary.records.find((r) => r.note === "exact change")).toMatchObject({ recordedBy: "Sam Cashbox", amountCents: 600 });
    expect(summary.owing).toEqual([{ name: `${ed.firstName} ${ed.lastName}`, owedCents: PRICE }]);
    expect(summary.owedCents).toBe(PRICE);
    expect(summary.creditUsedCents).toBe(300);

    // The reports' row of the round: the same cash and credit used, to the cent.
    const report = (await moneyReport(testDb(), leagueFromEnv(env))).rounds.find((r) => r.id === round.id);
    expect(report?.cashCents).toBe(summary.split.totalCents);
    expect(report?.creditUsedCents).toBe(summary.creditUsedCents);
  });

  it("a round without cash sums to nothing", async () => {
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: (await makePlayer()).id });
    const summary = await nightCash(testDb(), round.id);
    expect(summary.split.totalCents).toBe(0);
    expect([summary.records, summary.byRecorder]).toEqual([[], []]);
    expect(summary.owedCents).toBe(PRICE);
  });

  it("reads who recorded the cash through the audit log's round index, not the whole log", async () => {
    const round = await makeRound();
    const plan = await testDb().all<{ detail: string }>(sql`explain query plan ${cashRowsSql(testDb(), round.id)}`);
    const onLog = plan.map((p) => p.detail).filter((d) => / a\b| audit_log\b/.test(d));
    expect(onLog.length).toBeGreaterThan(0);
    expect(
      onLog.every((d) => d.includes("audit_log_round_idx")),
      onLog.join("\n"),
    ).toBe(true);
  });
});

describe("cashSplit", () => {
  const round = { feePdgaCents: 50, feeCourseCents: 0, feeOtherCents: 0, payoutCents: 450, aceCents: 100 };
  const pay = (playerId: number, amountCents: number, more: Partial<Parameters<typeof cashSplit>[2][number]> = {}) => ({
    id: playerId * 10 + amountCents,
    playerId,
    method: "cash" as const,
    amountCents,
    leagueFeeCents: 0,
    refundedCents: 0,
    givenBackCents: null,
    excessBackCents: 0,
    ...more,
  });

  it("lets credit and PayPal pay first, then cash the entry, then its pots, then over", () => {
    const entries = [
      { playerId: 1, ace: true, creditUsedCents: 400, sidePotsCents: 200 },
      { playerId: 2, ace: false, creditUsedCents: 0, sidePotsCents: 0 },
    ];
    const split = cashSplit(round, entries, [pay(1, 500), pay(2, 700), pay(3, 250), pay(4, 100, { givenBackCents: 100 })]);
    // Player 1: credit 4 of the 6 entry, cash 2 of it, then the 2 pot, 1 over; player 2: 5 entry, 2 over.
    expect(split).toEqual({
      entriesCents: 200 + 500,
      potsCents: 200,
      overCents: 100 + 200,
      backCents: 100,
      noEntryCents: 250,
      totalCents: 1550,
    });
  });
});
