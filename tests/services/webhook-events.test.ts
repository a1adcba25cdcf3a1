import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb, uniq } from "../fixtures";
import { webhookEvents } from "~/.server/db/schema";
import { markWebhookEventApplied, receiveWebhookEvent, webhookEventApplied } from "~/.server/services/signup/webhook-events";

// What the webhook and the queue consumer know of a PayPal event: a replay of an applied
// event is answered without queueing it, one received but not applied is queued again.
describe("PayPal's webhook events as the league has seen them", () => {
  it("are recorded once, applied once, and answered as duplicates only after that", async () => {
    const id = `WH-${uniq()}`;
    expect(await receiveWebhookEvent(testDb(), id, "PAYMENT.CAPTURE.COMPLETED")).toBe(false);
    // Received, not applied yet (its job may be lost): a replay is queued again.
    expect(await receiveWebhookEvent(testDb(), id, "PAYMENT.CAPTURE.COMPLETED")).toBe(false);
    expect(await webhookEventApplied(testDb(), id)).toBe(false);
    await markWebhookEventApplied(testDb(), id, "capture-completed");
    expect(await webhookEventApplied(testDb(), id)).toBe(true);
    expect(await receiveWebhookEvent(testDb(), id, "PAYMENT.CAPTURE.COMPLETED")).toBe(true);
    const rows = await testDb().select().from(webhookEvents).where(eq(webhookEvents.id, id));
    // One row, with the type PayPal sent when it arrived.
    expect(rows).toEqual([expect.objectContaining({ id, type: "PAYMENT.CAPTURE.COMPLETED", processedAt: expect.any(Number) })]);
  });

  it("record an event whose job came without the webhook's row when it is applied", async () => {
    const id = `WH-${uniq()}`;
    expect(await webhookEventApplied(testDb(), id)).toBe(false);
    await markWebhookEventApplied(testDb(), id, "capture-refunded");
    expect(await webhookEventApplied(testDb(), id)).toBe(true);
    expect(await testDb().select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.id, id))).toEqual([
      { type: "capture-refunded" },
    ]);
  });
});
