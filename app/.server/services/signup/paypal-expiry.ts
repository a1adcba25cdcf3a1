import { type SQL, and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { type Db, dbNow, inLeague } from "../../db/client";
import { payments } from "../../db/schema";
import { nowSeconds } from "~/lib/shared/time";

// Abandoned PayPal orders (ADR 23): every new choice in the sign-up dialog is a new order
// and a `created` payment, and most are never approved. They expire lazily, in the batch
// that stores a new order, without a cron: the user's other unstarted orders for the same
// round and player at once, and any order no capture touched for ORDER_EXPIRY_SECONDS.
// A capture claims its order first (claimForCapture), so an expiry and a capture can never
// both win; an expired order is never captured, and no money moves for it.

/** How long PayPal keeps an order's PayPal-Request-Id (6 h): past it a retry is a new order. */
export const ORDER_EXPIRY_SECONDS = 6 * 60 * 60;

export const EXPIRED_MESSAGE = "This PayPal order expired before it was paid, so nothing was charged. Please start the sign-up again.";

// payment_data is JSON text when set; json_valid() keeps any other text from failing the statement.
const data = sql`case when json_valid(${payments.paymentData}) then ${payments.paymentData} else '{}' end`;
const started = sql`json_extract(${data}, '$.captureStartedAt') is not null`;

/** Expires the league's orders still `created` that `where` picks: no money ever moved for one. */
const expireCreated = (db: Db, ...where: SQL[]) =>
  db
    .update(payments)
    .set({ status: "expired", updatedAt: dbNow })
    .where(and(inLeague(db, payments), eq(payments.status, "created"), ...where));

const tooOld = (now: number) => lt(payments.updatedAt, now - ORDER_EXPIRY_SECONDS);
// A PayPal order with a pending capture (an eCheck) is not abandoned.
const noCapture = [eq(payments.method, "paypal"), isNull(payments.captureId)];

/** Every order still `created` that no capture has touched for ORDER_EXPIRY_SECONDS. */
export function expireStaleOrders(db: Db, now: number) {
  return expireCreated(db, ...noCapture, tooOld(now));
}

/** One order, if it is too old to capture (the capture step's own check). */
export async function expireIfStale(db: Db, paymentId: number, now = nowSeconds()) {
  await expireCreated(db, eq(payments.id, paymentId), tooOld(now));
}

/** The user's other orders for this round and player that no capture was started on. */
export function expireOtherOrders(db: Db, order: { userId: number; roundId: number; playerId: number; orderId: string }) {
  return expireCreated(
    db,
    ...noCapture,
    eq(payments.userId, order.userId),
    eq(payments.roundId, order.roundId),
    eq(payments.playerId, order.playerId),
    ne(payments.transactionId, order.orderId),
    sql`not ${started}`,
  );
}

/**
 * Claims a `created`, unexpired order for its capture: marks the capture as started (so
 * a newer order no longer expires it) and touches it (so the age rule does not either).
 * False when it is no longer `created` or too old: then it is never captured.
 */
export async function claimForCapture(db: Db, paymentId: number, now: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      paymentData: sql`json_set(${data}, '$.captureStartedAt', ${now})`,
      updatedAt: now,
    })
    .where(
      and(
        inLeague(db, payments),
        eq(payments.id, paymentId),
        eq(payments.status, "created"),
        sql`${payments.updatedAt} >= ${now - ORDER_EXPIRY_SECONDS}`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}
