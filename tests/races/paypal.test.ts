import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceOf, testDb } from "../fixtures";
import {
  approvedOrder,
  capture,
  capturedWithReplays,
  deliverAllAtOnce,
  entriesOf,
  installPayPalApp,
  payingPlayer,
  paymentsOf,
  recordingWorker,
  webhookRequest,
} from "../paypal/app-harness";
import { answersOf, expectPayoutsMatchScores, RUNS } from "./race-fixtures";
import { webhookEvents } from "~/.server/db/schema";

// One PayPal payment reaching the app by every path at once (ADR 15): PayPal's webhook
// replayed 100 times, the browser's capture arriving in between, the queue delivering its
// jobs (some twice) while the browser retries. Each path is keyed on the order, so the end
// is one completed payment and one entry, whichever path got there first.

const app = installPayPalApp();

describe("100 replays of one PayPal webhook with the browser's capture in between", () => {
  it.each(RUNS)("run %i: one completed payment, one entry, the credit used once", async () => {
    const w = await payingPlayer(200);
    const orderID = await approvedOrder(app, w);
    const replays = await capturedWithReplays(app, orderID, 100);
    const { sent, fetch } = recordingWorker();
    const hook = (i: number) => fetch(webhookRequest(replays[i]!.body, replays[i]!.headers));

    // Half the replays; then the browser, the other half and the queue's first jobs all at once.
    const early = await answersOf(replays.slice(0, 50).map((_, i) => hook(i)));
    expect(early.every((a) => a.status === 200)).toBe(true);
    const queued = sent.splice(0);
    expect(queued.length).toBeGreaterThan(0);
    const [late] = await Promise.all([
      answersOf([capture(w, orderID), ...replays.slice(50).map((_, i) => hook(50 + i))]),
      deliverAllAtOnce(queued),
    ]);
    expect(late.map((a) => a.status)).toEqual([201, ...Array(50).fill(200)]);
    // The jobs queued meanwhile (some delivered twice) while the browser retries.
    const [, retries] = await Promise.all([deliverAllAtOnce(sent), answersOf([1, 2, 3].map(() => capture(w, orderID)))]);
    expect(retries.map((a) => a.status)).toEqual([201, 201, 201]);

    const [payment, ...morePayments] = await paymentsOf(w.round.id);
    expect(morePayments).toHaveLength(0);
    expect(payment).toMatchObject({ status: "completed", transactionId: orderID, captureId: expect.any(String), creditUsedCents: 200 });
    const [entry, ...moreEntries] = await entriesOf(w.round.id);
    expect(moreEntries).toHaveLength(0);
    expect(entry).toMatchObject({ playerId: w.player.id, paymentId: payment?.id, creditUsedCents: 200 });
    for (const a of [late[0]!, ...retries]) expect(a.body.entry.id).toBe(entry?.id);
    expect(await balanceOf(w.player.id)).toBe(0);
    const eventId = JSON.parse(replays[0]!.body).id as string;
    const [seen, ...again] = await testDb().select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(again).toHaveLength(0);
    expect(seen?.processedAt).toBeGreaterThan(0);
    await expectPayoutsMatchScores(w.round.id);
  });
});
