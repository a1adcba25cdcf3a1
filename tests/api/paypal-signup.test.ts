import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeTransfer, testDb, balanceOf } from "../fixtures";
import { deliver } from "../job-fixtures";
import {
  approvedOrder,
  capture,
  capturedWithReplays,
  createOrder,
  deliverAllAtOnce,
  entriesOf,
  orderBody,
  payingPlayer as player,
  paymentsOf,
  paypal,
  recordingWorker,
  installPayPalApp,
  webhookRequest,
} from "../paypal/app-harness";
import { rounds, webhookEvents } from "~/.server/db/schema";
import { JobSchema } from "~/.server/jobs";
import { PAYPAL_MESSAGES } from "~/.server/services/signup/paypal-order";
import type { QueueEnv } from "../../workers/queue/consumer";

// Sign-up paid through PayPal, end to end through the Worker with the
// real PayPal client against the in-process stand-in (tests/paypal/app-harness.ts).

const app = installPayPalApp();

describe("POST /api/entries/paypal-order", () => {
  it("creates an order for the rest plus the convenience fee, and a created payment that remembers the choice", async () => {
    const w = await player(200);
    const res = await expectStatus(await createOrder(w), 201);
    // $6 total − $2 credit = $4 rest; fee $0.09 + 2% of $4 = $0.17; PayPal charges $4.17.
    expect(res).toMatchObject({ orderID: expect.any(String), amount: 4.17, fee: 0.17, credit_used: 2 });
    const order = await paypal().getOrder(res.orderID);
    expect(order).toMatchObject({
      amountCents: 417,
      currency: "USD",
      status: "CREATED",
      customId: `entry:round-${w.round.id}:player-${w.player.id}`,
    });
    const [payment, ...more] = await paymentsOf(w.round.id);
    expect(more).toHaveLength(0);
    expect(payment).toMatchObject({
      userId: w.user.id,
      playerId: w.player.id,
      method: "paypal",
      status: "created",
      amountCents: 417,
      leagueFeeCents: 17,
      creditUsedCents: 200,
      aceOptIn: true,
      division: "MA2",
      transactionId: res.orderID,
    });
    expect(await entriesOf(w.round.id)).toHaveLength(0);
    expect(await balanceOf(w.player.id)).toBe(200);
  });

  it("clamps the credit to the balance and ignores amounts the browser sends", async () => {
    const w = await player(100);
    const res = await expectStatus(await createOrder(w, { credit_used: 50, amount: 0.01 }), 201);
    expect(res).toMatchObject({ amount: 5.19, credit_used: 1 }); // $5 rest + $0.09 + $0.10
  });

  it("makes one order and one payment of a double click, and a new order when the choice changes", async () => {
    const w = await player(200);
    const [a, b] = await Promise.all([createOrder(w), createOrder(w)]);
    const first = await expectStatus<{ orderID: string }>(a, 201);
    expect((await expectStatus<{ orderID: string }>(b, 201)).orderID).toBe(first.orderID);
    const other = await expectStatus<{ orderID: string; amount: number }>(await createOrder(w, { ace: false }), 201);
    expect(other.orderID).not.toBe(first.orderID);
    expect(other.amount).toBe(3.15); // $5 − $2 = $3 + $0.09 + $0.06
    expect(await paymentsOf(w.round.id)).toHaveLength(2);
  });

  it("refuses what a credit sign-up refuses, and an entry credit covers", async () => {
    const w = await player(1_000);
    expect((await expectStatus(await createOrder(w, { credit_used: 6 }), 400)).error).toBe(PAYPAL_MESSAGES.coveredByCredit);
    const closed = await player(0);
    await testDb().update(rounds).set({ openForRegistration: false }).where(sql`id = ${closed.round.id}`);
    expect((await expectStatus(await createOrder(closed), 409)).error).toBe("Registration is closed for this round.");
    const stranger = await makeUser();
    await expectStatus(await createOrder(w, {}, await tokenFor(stranger)), 403);
    await expectStatus(await createOrder(w, { player_id: (await makePlayer()).id }), 403);
    await expectStatus(await call("POST", "/api/entries/paypal-order", { body: orderBody(w) }), 401);
    expect(await paymentsOf(closed.round.id)).toHaveLength(0);
  });
});

describe("POST /api/entries with method paypal (the capture)", () => {
  it("captures the approved order and, in one step, completes the payment with PayPal's fee and makes the entry", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    const res = await expectStatus(await capture(w, orderID), 201);
    expect(res).toMatchObject({ success: true, entry: { player_id: w.player.id, division: "MA2", ace: true, credit_used: 2 } });
    const [payment] = await paymentsOf(w.round.id);
    const order = await paypal().getOrder(orderID);
    expect(payment).toMatchObject({
      status: "completed",
      amountCents: 417,
      captureId: order.capture?.captureId,
      providerFeeCents: order.capture?.feeCents,
    });
    expect(payment?.providerFeeCents).toBeGreaterThan(0);
    const [entry] = await entriesOf(w.round.id);
    expect(entry).toMatchObject({ paymentId: payment?.id, creditUsedCents: 200 });
    expect(await balanceOf(w.player.id)).toBe(0);
  });

  it("gives one payment and one entry for a capture sent twenty times at once and again later", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    const answers = await Promise.all(Array.from({ length: 20 }, () => capture(w, orderID)));
    const bodies = await Promise.all(answers.map((r) => expectStatus<{ entry: { id: number } }>(r, 201)));
    expect(new Set(bodies.map((b) => b.entry.id)).size).toBe(1);
    await expectStatus(await capture(w, orderID), 201);
    expect(await paymentsOf(w.round.id)).toHaveLength(1);
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(0);
  });

  it("refuses an order the payer has not approved: nothing captured, nothing recorded", async () => {
    const w = await player(200);
    const { orderID } = await expectStatus<{ orderID: string }>(await createOrder(w), 201);
    expect((await expectStatus(await capture(w, orderID), 409)).error).toBe(PAYPAL_MESSAGES.notApproved);
    expect((await paymentsOf(w.round.id))[0]?.status).toBe("created");
    expect(await entriesOf(w.round.id)).toHaveLength(0);
    expect((await paypal().getOrder(orderID)).capture).toBeNull();
  });

  it("refuses a capture of another amount and records the payment as failed, with no entry", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    app.capturedValue = "0.01";
    try {
      const res = await expectStatus(await capture(w, orderID), 409);
      expect(res.error).toMatch(/^PayPal error: the amount paid is not the amount due/);
    } finally {
      app.capturedValue = null;
    }
    const [payment] = await paymentsOf(w.round.id);
    expect(payment).toMatchObject({ status: "failed" });
    expect(payment?.paymentData).toContain("1 cents USD; the payment was for 417 cents");
    expect(await entriesOf(w.round.id)).toHaveLength(0);
    expect(await balanceOf(w.player.id)).toBe(200);
    // Asked again, it stays refused.
    await expectStatus(await capture(w, orderID), 409);
  });

  it("does not capture when the round closed or the credit was spent meanwhile", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    await makeTransfer({ fromPlayerId: w.player.id, toPlayerId: null, amountCents: 150 });
    expect((await expectStatus(await capture(w, orderID), 409)).error).toBe(PAYPAL_MESSAGES.priceChanged);
    expect((await paypal().getOrder(orderID)).capture).toBeNull();
    expect((await paymentsOf(w.round.id))[0]?.status).toBe("failed");

    const c = await player(200);
    const closedOrder = await approvedOrder(app, c);
    await testDb().update(rounds).set({ openForRegistration: false }).where(sql`id = ${c.round.id}`);
    expect((await expectStatus(await capture(c, closedOrder), 409)).error).toBe("Registration is closed for this round.");
    expect((await paypal().getOrder(closedOrder)).capture).toBeNull();
  });

  it("answers 404 for another user's order and for an unknown one", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    const other = await player(200);
    await expectStatus(await capture(other, orderID), 404);
    await expectStatus(await capture(w, "NOPE1234"), 404);
    await expectStatus(await capture(w, "bad id!"), 400);
    expect(await entriesOf(w.round.id)).toHaveLength(0);
  });

  it("records the money but no second entry when the player was entered another way meanwhile", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    // The capture is already at PayPal (the browser's answer was lost); an admin enters the player.
    await paypal().captureOrder(orderID, `capture-${orderID}`);
    await makeEntry({ roundId: w.round.id, playerId: w.player.id, division: "MA2" });
    const event = app.webhooks.find((h) => h.body.includes(orderID));
    expect(event).toBeDefined();
    const { sent, fetch } = recordingWorker();
    expect((await fetch(webhookRequest(event!.body, event!.headers))).status).toBe(200);
    await deliver(sent.map((body) => ({ body })));
    const [payment] = await paymentsOf(w.round.id);
    expect(payment).toMatchObject({ status: "completed" });
    expect(payment?.paymentData).toContain("already entered");
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(200);
  });
});

describe("POST /api/paypal/webhook and its queue job", () => {
  it("makes the entry when the browser never came back: verified, queued, applied once", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    await paypal().captureOrder(orderID, `capture-${orderID}`);
    await app.standIn.settled();
    const event = app.webhooks.find((h) => h.body.includes(orderID))!;
    const { sent, fetch } = recordingWorker();
    const res = await fetch(webhookRequest(event.body, event.headers));
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
    const job = JobSchema.parse(sent[0]);
    expect(job).toMatchObject({ type: "paypal-event", event: { kind: "capture-completed", orderId: orderID, amountCents: 417 } });
    await deliver([{ body: sent[0] }]);
    const [payment] = await paymentsOf(w.round.id);
    expect(payment).toMatchObject({ status: "completed", providerFeeCents: expect.any(Number) });
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(0);
    const [seen] = await testDb()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, JSON.parse(event.body).id));
    expect(seen?.processedAt).toBeGreaterThan(0);
    // The browser comes back after all: the same entry.
    expect((await expectStatus(await capture(w, orderID), 201)).entry.id).toBe((await entriesOf(w.round.id))[0]?.id);
  });

  it("gives one payment and one entry for 100 replays of the event with the browser's capture in between", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    const replays = await capturedWithReplays(app, orderID, 100);
    const original = replays[0]!;
    const { sent, fetch } = recordingWorker();
    const half = replays.slice(0, 50).map((r) => fetch(webhookRequest(r.body, r.headers)));
    const browser = capture(w, orderID);
    const rest = replays.slice(50).map((r) => fetch(webhookRequest(r.body, r.headers)));
    const statuses = (await Promise.all([...half, ...rest])).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Every job the queue holds, delivered in batches of ten at once, some twice.
    await deliverAllAtOnce(sent);
    expect((await browser).status).toBe(201);
    expect(await paymentsOf(w.round.id)).toHaveLength(1);
    expect((await paymentsOf(w.round.id))[0]?.status).toBe("completed");
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    expect(await balanceOf(w.player.id)).toBe(0);
    // Once applied, a further replay is answered without queueing anything.
    const after = sent.length;
    expect((await (await fetch(webhookRequest(original.body, original.headers))).json()) as object).toMatchObject({ duplicate: true });
    expect(sent).toHaveLength(after);
  });

  it("refuses a forged, tampered or unsigned event with 400 and queues nothing", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    await paypal().captureOrder(orderID, `capture-${orderID}`);
    await app.standIn.settled();
    const genuine = app.webhooks.find((h) => h.body.includes(orderID))!;
    const { sent, fetch } = recordingWorker();
    const tampered = genuine.body.replace('"value": "4.17"', '"value": "0.01"');
    expect(tampered).not.toBe(genuine.body);
    const noHeaders = new Headers({ "Content-Type": "application/json" });
    const forgedSig = new Headers(genuine.headers);
    forgedSig.set("PAYPAL-TRANSMISSION-SIG", "Zm9yZ2Vk");
    for (const req of [
      webhookRequest(tampered, genuine.headers),
      webhookRequest(genuine.body, noHeaders),
      webhookRequest(genuine.body, forgedSig),
      webhookRequest(JSON.stringify(JSON.parse(genuine.body)), genuine.headers),
      webhookRequest("not json", genuine.headers),
    ]) {
      const res = await fetch(req);
      expect(res.status).toBe(400);
      const requestId = res.headers.get("X-Request-Id");
      expect(await res.json()).toEqual({ error: "Webhook signature could not be verified", code: "bad_request", requestId });
    }
    expect(sent).toHaveLength(0);
    expect(await entriesOf(w.round.id)).toHaveLength(0);
    expect(
      await testDb()
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, JSON.parse(genuine.body).id)),
    ).toHaveLength(0);
  });

  it("records a refund and a denial against the payment they name", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    await expectStatus(await capture(w, orderID), 201);
    const [paid] = await paymentsOf(w.round.id);
    const refund = { kind: "capture-refunded", eventId: `WH-R-${orderID}`, captureId: paid?.captureId, refundCents: 417 };
    await deliver([{ body: { type: "paypal-event", id: crypto.randomUUID(), event: refund } }]);
    expect((await paymentsOf(w.round.id))[0]).toMatchObject({ status: "refunded" });
    expect(await entriesOf(w.round.id)).toHaveLength(1); // an admin decides about the entry

    const d = await player(200);
    const { orderID: denied } = await expectStatus<{ orderID: string }>(await createOrder(d), 201);
    const deny = { kind: "capture-denied", eventId: `WH-D-${denied}`, orderId: denied, captureId: "CAP-DENIED-1" };
    await deliver([{ body: { type: "paypal-event", id: crypto.randomUUID(), event: deny } }]);
    expect((await paymentsOf(d.round.id))[0]).toMatchObject({ status: "failed", captureId: "CAP-DENIED-1" });
  });

  it("retries a job whose database write fails, and a dead PayPal job is logged and acked", async () => {
    const w = await player(200);
    const orderID = await approvedOrder(app, w);
    const job = {
      type: "paypal-event",
      id: crypto.randomUUID(),
      event: {
        kind: "capture-completed",
        eventId: `WH-X-${orderID}`,
        orderId: orderID,
        captureId: `CAP-${orderID}`,
        amountCents: 417,
        currency: "USD",
        feeCents: 30,
      },
    };
    const broken = {
      prepare: () => ({ bind: () => ({ all: async () => Promise.reject(new Error("D1 down")) }) }),
    } as unknown as D1Database;
    const { result, retries } = await deliver([{ body: job }], { env: { ...(env as QueueEnv), DB: broken } });
    expect(result.retryMessages).toHaveLength(1);
    expect(retries[0]?.delaySeconds).toBe(10);
    expect(await entriesOf(w.round.id)).toHaveLength(0);
    // The retry, with the database back: applied.
    await deliver([{ body: job, attempts: 2 }]);
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    const dead = await deliver([{ body: job, attempts: 6 }], { queue: "league-jobs-dlq" });
    expect(dead.result.explicitAcks).toHaveLength(1);
  });
});
