import { createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectStatus } from "../auth-fixtures";
import { messageId } from "../job-fixtures";
import { createOrder, entriesOf, installPayPalApp, paymentsOf, payingPlayer } from "../paypal/app-harness";
import { lapse, listRows, offeredRound } from "../waitlist-fixtures";
import worker from "../worker";
import { JOBS_QUEUE } from "../../workers/queue/consumer";

installPayPalApp();

// The after-write runner (ADR 44) as the queue and the cron call it: what their writes leave
// is done after them, as it is after a request (tests/api/after-write-routes.test.ts). Here
// the follow-up seen is the waitlist's news, whose job goes to a queue that keeps it.

function keptJobs() {
  const sent: { type: string }[] = [];
  const JOBS = { send: async (body: { type: string }) => void sent.push(body), sendBatch: async () => undefined } as unknown as Queue;
  return { sent, env: { ...env, JOBS } as Env };
}

describe("the runner after the cron and the queue", () => {
  it("the cron: a lapsed offer passed on leaves news, and its mail job is queued", async () => {
    const { round } = await offeredRound();
    const [first] = await listRows(round.id);
    await lapse(first!.id);
    const kept = keptJobs();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), kept.env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await listRows(round.id)).map((r) => r.status)).toEqual(["expired", "offered"]);
    expect(kept.sent.map((j) => j.type)).toContain("waitlist-mails");
  });

  it("a PayPal event that makes an entry: the news of the list is mailed after the job", async () => {
    // News waiting to be mailed: an offer made on another round.
    await offeredRound();
    const w = await payingPlayer(200);
    const { orderID, amount } = await expectStatus<{ orderID: string; amount: number }>(await createOrder(w), 201);
    const event = {
      kind: "capture-completed",
      eventId: `WH-${crypto.randomUUID()}`,
      orderId: orderID,
      captureId: `CAP-${crypto.randomUUID().slice(0, 8)}`,
      amountCents: Math.round(amount * 100),
      currency: "USD",
      feeCents: null,
    };
    const batch = createMessageBatch(JOBS_QUEUE, [
      { id: messageId(), timestamp: new Date(), attempts: 1, body: { type: "paypal-event", id: crypto.randomUUID(), event } },
    ]);
    const kept = keptJobs();
    const ctx = createExecutionContext();
    await worker.queue(batch, kept.env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await paymentsOf(w.round.id))[0]?.status).toBe("completed");
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    expect(kept.sent.map((j) => j.type)).toContain("waitlist-mails");
  });
});
