import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeMember, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { DAY, makePlayer, makeRound, makeTransfer, nowSec, roundValues, testDb } from "../fixtures";
import { deliver } from "../job-fixtures";
import { expectBooksBalance, makePayment, paymentRow, refundedOf } from "../money-fixtures";
import { recordQueue } from "../registration-fixtures";
import testWorker from "../worker";
import {
  approvedOrder,
  capture,
  installPayPalApp,
  type Payer,
  payingPlayer,
  paymentsOf,
  recordingWorker,
  webhookRequest,
} from "../paypal/app-harness";
import { auditLog, claims, leagues, paymentRefunds, players, roundCancellations, rounds, transfers } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import type { Job } from "~/.server/jobs";
import { leagueFromEnv } from "~/.server/league";
import { payPalClient } from "~/.server/paypal/client";
import { balanceCentsSql } from "~/.server/services/players/balance-sql";
import { moneyReport } from "~/.server/services/money/reports";
import { cancelRound } from "~/.server/services/rainouts/cancel";
import { PAYPAL_BACK_MESSAGES, refundAskedPayment, spentMessage } from "~/.server/services/rainouts/paypal-back";

// A cancelled round's PayPal payment back to PayPal instead of credit (ADR 50), through the
// app and the local PayPal stand-in: the ask takes the credit back once, its job refunds the
// capture and records it, PayPal's webhook of the same refund adds nothing, and the books
// keep PayPal's fee as the league's cost. The round is cancelled by the cancel's service; a
// cancel of long ago has its rows written as the cancel writes them.

const app = installPayPalApp();

/** The cancel's marks on a round, as it leaves them, at `at`. */
async function cancelledAt(roundId: number, at: number) {
  await testDb().update(rounds).set({ cancelledAt: at, cancelReason: "weather" }).where(eq(rounds.id, roundId));
  await testDb().insert(roundCancellations).values({ leagueId: DEFAULT_LEAGUE_ID, roundId, at, moneyPrint: "", acesPrint: "" });
}

/** The give-back of a payment, as the cancel makes it. */
const giveBack = (roundId: number, playerId: number, paymentId: number | null, amountCents: number) =>
  makeTransfer({ fromPlayerId: null, toPlayerId: playerId, amountCents, paymentId, cancelRoundId: roundId, description: "Rain-out" });

/**
 * A player entered by PayPal ($4.17 after $2 of credit), the round then cancelled (the
 * cancel's own service; with `at`, a cancel that long ago, its rows written as it writes them)
 * and both parts given back as credit.
 */
async function paidThenCancelled(at?: number) {
  const w = await payingPlayer(200);
  const orderID = await approvedOrder(app, w);
  await expectStatus(await capture(w, orderID), 201);
  await app.standIn.settled();
  const [payment] = await paymentsOf(w.round.id);
  if (at === undefined) {
    await cancelRound(testDb(), w.round.id, { reason: "weather", acesStand: false, userId: null });
  } else {
    await cancelledAt(w.round.id, at);
    await giveBack(w.round.id, w.player.id, null, 200);
    await giveBack(w.round.id, w.player.id, payment!.id, payment!.amountCents);
  }
  expect(await giveBackOf(payment!.id)).toMatchObject([{ amountCents: payment!.amountCents, cancelRoundId: w.round.id }]);
  return { w, orderID, payment: payment! };
}

/** The Worker with a queue that keeps what the request's runner queued, waiting for the runner. */
async function ask(w: Pick<Payer, "round" | "token">, body: unknown, opts: { token?: string | null; path?: string } = {}) {
  const { jobs, queue } = recordQueue();
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp(), "Content-Type": "application/json" });
  const token = opts.token === undefined ? w.token : opts.token;
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const req = new Request(`http://localhost${opts.path ?? `/api/rounds/${w.round.id}/paypal-back`}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const ctx = createExecutionContext();
  const res = await testWorker.fetch(req, { ...env, JOBS: queue } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return { res, jobs };
}

const giveBackOf = (paymentId: number) => testDb().select().from(transfers).where(eq(transfers.paymentId, paymentId));
const balance = async (playerId: number) =>
  Number((await testDb().all<{ b: number }>(sql`select ${balanceCentsSql(playerId)} as b`))[0]?.b);

/** The league's refund webhooks the stand-in sent for a refund id, delivered to the Worker and their jobs run. */
async function webhookThroughTheApp(refundId: string) {
  const hook = app.webhooks.find((h) => JSON.parse(h.body).resource?.id === refundId);
  expect(hook, `the REFUNDED webhook of ${refundId}`).toBeDefined();
  const { sent, fetch } = recordingWorker();
  expect((await fetch(webhookRequest(hook!.body, hook!.headers))).status).toBe(200);
  await deliver(sent.map((job) => ({ body: job })));
}

describe("a cancelled round's PayPal payment back to PayPal", () => {
  it("cancel → ask → job → refunded at PayPal → webhook: refunded once, books balanced, PayPal's fee the league's cost", async () => {
    const { w, payment } = await paidThenCancelled();
    expect(await balance(w.player.id)).toBe(200 + payment.amountCents);

    const { res, jobs } = await ask(w, { paymentId: payment.id });
    const answer = await expectStatus(res, 200);
    expect(answer).toMatchObject({ success: true, payment_id: payment.id, amount: payment.amountCents / 100 });
    // The credit of the payment is taken back; the credit the entry used stays given back.
    expect(await giveBackOf(payment.id)).toEqual([]);
    expect(await balance(w.player.id)).toBe(200);
    expect((await paymentRow(payment.id))?.refundAskedAt).toEqual(expect.any(Number));
    expect(jobs).toEqual([
      expect.objectContaining({
        type: "refund-payment",
        leagueId: DEFAULT_LEAGUE_ID,
        paymentId: payment.id,
        amountCents: payment.amountCents,
      }),
    ]);
    await expectBooksBalance();

    // The job refunds the capture and records it; a redelivery refunds nothing more.
    await deliver([{ body: jobs[0] }, { body: jobs[0] }]);
    await app.standIn.settled();
    const refunds = app.webhooks.filter(
      (h) => JSON.parse(h.body).event_type === "PAYMENT.CAPTURE.REFUNDED" && h.body.includes(payment.captureId!),
    );
    expect(refunds).toHaveLength(1);
    const refundId = JSON.parse(refunds[0]!.body).resource.id as string;
    expect(await refundedOf(payment.id)).toBe(payment.amountCents);
    // PayPal's webhook of the same refund: recorded once, by PayPal's refund id.
    await webhookThroughTheApp(refundId);
    const rows = await testDb().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows.map((r) => [r.kind, r.amountCents, r.providerRefundId])).toEqual([["refund", payment.amountCents, refundId]]);
    expect(await paymentRow(payment.id)).toMatchObject({ status: "refunded" });
    expect(await balance(w.player.id)).toBe(200);

    // The books: balanced, the fee PayPal kept shown under "PayPal fees", nothing flagged.
    await expectBooksBalance();
    const report = await moneyReport(testDb(), leagueFromEnv(env));
    const round = report.rounds.find((r) => r.id === w.round.id)!;
    expect(payment.providerFeeCents).toBeGreaterThan(0);
    expect(round).toMatchObject({ paypalCents: 0, paypalRefundsCents: payment.amountCents, paypalFeeCents: payment.providerFeeCents });
    expect(report.flags.filter((f) => f.roundId === w.round.id)).toEqual([]);

    // Every money row's audit actor: the player took the credit back, PayPal's refund is PayPal's.
    const audit = await testDb()
      .select({ table: auditLog.tableName, action: auditLog.action, role: auditLog.actorRole, userId: auditLog.actorUserId })
      .from(auditLog)
      .where(
        sql`(${auditLog.tableName} = 'transfers' and ${auditLog.action} = 'delete' and ${auditLog.before} like ${`%"payment_id":${payment.id}%`})
          or (${auditLog.tableName} = 'payments' and ${auditLog.rowId} = ${payment.id} and ${auditLog.action} = 'update')
          or (${auditLog.tableName} = 'payment_refunds' and ${auditLog.rowId} = ${rows[0]!.id})`,
      );
    expect(audit).toEqual(
      expect.arrayContaining([
        { table: "transfers", action: "delete", role: "player", userId: w.user.id },
        { table: "payments", action: "update", role: "player", userId: w.user.id },
        { table: "payment_refunds", action: "insert", role: "paypal", userId: null },
      ]),
    );
    expect(audit.filter((a) => a.role === null)).toEqual([]);
  });

  it("refuses a second ask, and twenty at once take the credit back once", async () => {
    const { w, payment } = await paidThenCancelled();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(w, { paymentId: payment.id })));
    const statuses = answers.map((a) => a.res.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.flatMap((a) => a.jobs)).toHaveLength(1);
    expect(await balance(w.player.id)).toBe(200);
    const again = await ask(w, { paymentId: payment.id });
    expect(await expectStatus(again.res, 409)).toMatchObject({ error: PAYPAL_BACK_MESSAGES.asked });
    await expectBooksBalance();
  });

  it("refuses after 30 days, and when the credit was spent: nothing changes", async () => {
    const late = await paidThenCancelled(nowSec() - 31 * DAY);
    expect(await expectStatus((await ask(late.w, { paymentId: late.payment.id })).res, 409)).toMatchObject({
      error: PAYPAL_BACK_MESSAGES.late,
    });
    expect(await giveBackOf(late.payment.id)).toHaveLength(1);

    const spent = await paidThenCancelled();
    // $5 of the $6.17 spent: $1.17 left, less than the $4.17 to take back.
    await makeTransfer({ fromPlayerId: spent.w.player.id, toPlayerId: null, amountCents: 500 });
    const refused = await ask(spent.w, { paymentId: spent.payment.id });
    expect(await expectStatus(refused.res, 409)).toMatchObject({ error: spentMessage(spent.payment.amountCents - 117) });
    expect(refused.jobs).toEqual([]);
    expect(await giveBackOf(spent.payment.id)).toHaveLength(1);
    expect((await paymentRow(spent.payment.id))?.refundAskedAt).toBeNull();
  });

  it("refuses a cash payment, a round not cancelled, another player's (403), another league's (404), a logged-out caller (401)", async () => {
    const { w, payment } = await paidThenCancelled();
    const cash = await makePayment({
      roundId: w.round.id,
      playerId: w.player.id,
      method: "cash",
      amountCents: 300,
      captureId: null,
      transactionId: null,
    });
    await giveBack(w.round.id, w.player.id, cash.id, 300);
    expect(await expectStatus((await ask(w, { paymentId: cash.id })).res, 409)).toMatchObject({ error: PAYPAL_BACK_MESSAGES.notPayPal });

    const open = await makeRound();
    const notCancelled = await makePayment({ roundId: open.id, playerId: w.player.id, amountCents: 300 });
    const res = (await ask({ round: open, token: w.token }, { paymentId: notCancelled.id })).res;
    expect(await expectStatus(res, 409)).toMatchObject({ error: PAYPAL_BACK_MESSAGES.notCancelled });

    const stranger = await makeUser();
    const strangerPlayer = await makePlayer();
    await testDb()
      .insert(claims)
      .values({ leagueId: DEFAULT_LEAGUE_ID, userId: stranger.id, playerId: strangerPlayer.id, status: "approved" });
    const theirs = await ask(w, { paymentId: payment.id }, { token: await tokenFor(stranger) });
    expect(await expectStatus(theirs.res, 403)).toMatchObject({ error: PAYPAL_BACK_MESSAGES.notYours });

    // Another league's payment, named in this league's address: its 404, nothing of it changed.
    const [other] = await testDb()
      .insert(leagues)
      .values({ slug: `rain-${crypto.randomUUID().slice(0, 8)}`, name: "Other League", timeZone: "America/Chicago" })
      .returning();
    const [otherPlayer] = await testDb()
      .insert(players)
      .values({ leagueId: other!.id, firstName: "Other", lastName: "Player", division: "MA1" })
      .returning();
    const [otherRound] = await testDb()
      .insert(rounds)
      .values(roundValues({ leagueId: other!.id }))
      .returning();
    const elsewhere = await makePayment({ leagueId: other!.id, roundId: otherRound!.id, playerId: otherPlayer!.id, amountCents: 300 });
    const res404 = (await ask(w, { paymentId: elsewhere.id })).res;
    expect(await expectStatus(res404, 404)).toMatchObject({ error: PAYPAL_BACK_MESSAGES.notFound });
    // The round in the address must be the payment's.
    expect((await ask({ round: open, token: w.token }, { paymentId: payment.id })).res.status).toBe(404);

    expect((await ask(w, { paymentId: payment.id }, { token: null })).res.status).toBe(401);
    expect(await giveBackOf(payment.id)).toHaveLength(1);
  });

  it("answers hostile bodies with 400 and changes nothing", async () => {
    const { w, payment } = await paidThenCancelled();
    for (const body of [{}, { paymentId: "x" }, { paymentId: -1 }, { paymentId: 1.5 }, { paymentId: null }, "not json", [payment.id]]) {
      const { res, jobs } = await ask(w, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(jobs).toEqual([]);
    }
    expect((await ask(w, { paymentId: payment.id }, { path: "/api/rounds/abc/paypal-back" })).res.status).toBe(400);
    expect(await giveBackOf(payment.id)).toHaveLength(1);
  });

  it("an admin asks for a player (POST /api/admin/payments/{id}/paypal-back); a player may not", async () => {
    const { w, payment } = await paidThenCancelled();
    const asPlayer = await call("POST", `/api/admin/payments/${payment.id}/paypal-back`, { token: w.token });
    expect(asPlayer.status).toBe(403);
    const director = await makeMember("director");
    const { res, jobs } = await ask(w, {}, { token: await tokenFor(director), path: `/api/admin/payments/${payment.id}/paypal-back` });
    expect(await expectStatus(res, 200)).toMatchObject({ payment_id: payment.id });
    expect(jobs).toHaveLength(1);
    expect(await giveBackOf(payment.id)).toEqual([]);
  });

  it("a refund PayPal refuses is left for the admin and flagged; PayPal unreachable throws for the queue to retry", async () => {
    const { w, orderID, payment } = await paidThenCancelled();
    const { jobs } = await ask(w, { paymentId: payment.id });
    // Refunded in PayPal's dashboard meanwhile, its webhook lost: PayPal refuses the job's refund.
    await app.standIn.refund(orderID, 100);
    const job = jobs[0] as Extract<Job, { type: "refund-payment" }>;
    const { result, retries } = await deliver([{ body: job }]);
    // Acked, not retried: a refusal is the admin's to sort out.
    expect(retries).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await refundedOf(payment.id)).toBe(0);
    const report = await moneyReport(testDb(), leagueFromEnv(env));
    expect(report.flags).toContainEqual(
      expect.objectContaining({ kind: "refund-asked", paymentId: payment.id, cents: payment.amountCents }),
    );

    const down = payPalClient({ apiBase: "https://down.test", clientId: "a", clientSecret: "b", webhookId: "c" }, (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch);
    await expect(refundAskedPayment(testDb(), down, { paymentId: payment.id, amountCents: payment.amountCents })).rejects.toMatchObject({
      status: 0,
    });
    await expectBooksBalance();
  });
});
