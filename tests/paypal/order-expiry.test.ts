// Abandoned PayPal orders expire (ADR 23): a new choice expires the user's other unstarted
// orders for the round, any order untouched for 6 hours expires, an expired order is never
// captured (no money moves), and a capture racing an expiry ends one way or the other,
// never with money taken and nothing recorded.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectStatus } from "../auth-fixtures";
import { testDb } from "../fixtures";
import {
  approvedOrder,
  capture,
  capturedWithReplays,
  createOrder,
  deliverAllAtOnce,
  entriesOf,
  installPayPalApp,
  payingPlayer,
  paymentsOf,
  recordingWorker,
  webhookRequest,
} from "./app-harness";
import { answersOf, later, RUNS } from "../races/race-fixtures";
import { payments } from "~/.server/db/schema";
import { EXPIRED_MESSAGE, ORDER_EXPIRY_SECONDS } from "~/.server/services/signup/paypal-expiry";

const app = installPayPalApp();
const LEADS: [number, number][] = [
  [0, 0],
  [0, 40],
  [40, 0],
  [0, 120],
  [120, 0],
];

const orderId = async (res: Response) => (await expectStatus<{ orderID: string }>(res, 201)).orderID;
const statusOf = async (order: string) => (await testDb().select().from(payments).where(eq(payments.transactionId, order)))[0]?.status;
/** What PayPal holds: APPROVED means the payer approved and nobody captured. */
const atPayPal = (order: string) => app.standIn.approve(order).status;
const ageBy = (order: string, seconds: number) =>
  testDb()
    .update(payments)
    .set({ createdAt: sql`${payments.createdAt} - ${seconds}`, updatedAt: sql`${payments.updatedAt} - ${seconds}` })
    .where(eq(payments.transactionId, order));

describe("abandoned PayPal orders expire", () => {
  it("a new choice expires the other; going back revives the same order, which pays; the expired one is never captured", async () => {
    const w = await payingPlayer(200);
    const ma2 = await orderId(await createOrder(w));
    const ma1 = await orderId(await createOrder(w, { division: "MA1" }));
    expect(ma1).not.toBe(ma2);
    expect([await statusOf(ma2), await statusOf(ma1)]).toEqual(["expired", "created"]);
    // Back to the first choice: PayPal answers the same order (same request id), alive again.
    expect(await orderId(await createOrder(w))).toBe(ma2);
    expect([await statusOf(ma2), await statusOf(ma1)]).toEqual(["created", "expired"]);
    expect(await paymentsOf(w.round.id)).toHaveLength(2);

    app.standIn.approve(ma1);
    const refused = await capture(w, ma1);
    expect(refused.status).toBe(409);
    expect((await refused.json<{ error: string }>()).error).toBe(EXPIRED_MESSAGE);
    expect(atPayPal(ma1)).toBe("APPROVED");

    app.standIn.approve(ma2);
    expect((await capture(w, ma2)).status).toBe(201);
    expect(await statusOf(ma2)).toBe("completed");
    expect(await entriesOf(w.round.id)).toHaveLength(1);
    // A replay of the refused capture is refused again, and still moves nothing.
    expect((await capture(w, ma1)).status).toBe(409);
    expect([await statusOf(ma1), atPayPal(ma1)]).toEqual(["expired", "APPROVED"]);
  });

  it(`an order untouched for ${ORDER_EXPIRY_SECONDS / 3600} hours is refused at capture and swept by anyone's next order`, async () => {
    const [w, other, later] = await Promise.all([payingPlayer(200), payingPlayer(200), payingPlayer(200)]);
    const old = await approvedOrder(app, w);
    await ageBy(old, ORDER_EXPIRY_SECONDS + 60);
    const res = await capture(w, old);
    expect(res.status).toBe(409);
    expect((await res.json<{ error: string }>()).error).toBe(EXPIRED_MESSAGE);
    expect([await statusOf(old), atPayPal(old)]).toEqual(["expired", "APPROVED"]);

    const stale = await orderId(await createOrder(other));
    const fresh = await orderId(await createOrder(later));
    await ageBy(stale, ORDER_EXPIRY_SECONDS + 60);
    await ageBy(fresh, ORDER_EXPIRY_SECONDS - 600);
    await orderId(await createOrder(w, { division: "MA1" }));
    expect([await statusOf(stale), await statusOf(fresh)]).toEqual(["expired", "created"]);
  });

  it("money PayPal took for an order that expired meanwhile is still recorded (the webhook completes it)", async () => {
    const w = await payingPlayer(200);
    const order = await approvedOrder(app, w);
    // Captured at PayPal (say the capture started, then its answer was lost), and the row
    // expired before the webhook got through.
    const [hook] = await capturedWithReplays(app, order, 1);
    await testDb().update(payments).set({ status: "expired" }).where(eq(payments.transactionId, order));
    const { sent, fetch } = recordingWorker();
    expect((await fetch(webhookRequest(hook!.body, hook!.headers))).status).toBe(200);
    await deliverAllAtOnce(sent);
    expect(await statusOf(order)).toBe("completed");
    expect(await entriesOf(w.round.id)).toHaveLength(1);
  });

  it.each(RUNS)("run %i: a capture racing the expiry by a new choice: captured and entered, or expired and never captured", async (run) => {
    const w = await payingPlayer(200);
    const first = await approvedOrder(app, w);
    // Together, then each side well ahead, so both orders of arrival are exercised.
    const [captureAfter, createAfter] = LEADS[(run - 1) % LEADS.length]!;
    const [captured, created] = await answersOf([
      later(captureAfter, () => capture(w, first)),
      later(createAfter, () => createOrder(w, { division: "MA1" })),
    ]);
    if (captured?.status === 201) {
      expect([await statusOf(first), atPayPal(first)]).toEqual(["completed", "COMPLETED"]);
      expect(await entriesOf(w.round.id)).toHaveLength(1);
      // The new choice came before the entry (a created order), or after it (already signed up).
      if (created?.status === 201) expect(await statusOf(created.body.orderID)).toBe("created");
      else expect(created?.status).toBe(409);
    } else {
      expect(captured).toMatchObject({ status: 409, body: { error: EXPIRED_MESSAGE } });
      expect([await statusOf(first), atPayPal(first)]).toEqual(["expired", "APPROVED"]);
      expect(await entriesOf(w.round.id)).toHaveLength(0);
      expect(created?.status).toBe(201);
      expect(await statusOf(created?.body.orderID)).toBe("created");
    }
  });
});
