import { and, eq, isNull } from "drizzle-orm";
import { type Db, dbNow } from "../../db/client";
import { payments } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import type { PayPal } from "../../paypal/client";
import { PayPalError } from "../../paypal/errors";
import { nowSeconds } from "~/lib/shared/time";
import { expireOtherOrders, expireStaleOrders } from "./paypal-expiry";
import { planSignUp, type SignUpRequest } from "./signup";
import { signUpReads } from "./signup-reads";
import { NO_PAYPAL_MESSAGE } from "~/lib/signup/paypal-checkout";

// Step 1 of a sign-up paid (in part) through PayPal: the order, for the amount the server
// computed, and a `created` payment that remembers what it pays for. Step 2, the capture
// that completes the payment and makes the entry, is ./paypal-signup.ts. Both speak to the
// player in these words, and turn PayPal's failures into them the same way (payPalCall).

export const PAYPAL_MESSAGES = {
  notConfigured: NO_PAYPAL_MESSAGE,
  coveredByCredit: "Your credit covers the whole entry: sign up with credit.",
  noOrder: "PayPal order not found.",
  refused: "This PayPal payment did not go through. Please start the sign-up again.",
  priceChanged: "The price changed while you were paying, so nothing was charged. Please start the sign-up again.",
  pending: "PayPal has not completed the payment yet. You will be signed up as soon as it does.",
  unreachable: "PayPal error: PayPal could not be reached. Please try again.",
  notApproved: "PayPal error: the payment was not approved in PayPal.",
  declined: "PayPal error: PayPal declined the payment. Please try another way to pay.",
} as const;

/** The PayPal-Request-Id of an order: one per user, round and choice, so a double click makes one order. */
async function orderRequestId(parts: (string | number)[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("|")));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `signup-${hex.slice(0, 48)}`;
}

/** A PayPal call, its failures turned into answers the player can act on. */
export async function payPalCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    console.error("PayPal call failed", error.status, error.issue, error.debugId, error.message);
    if (error.issue === "ORDER_NOT_APPROVED") throw conflict(PAYPAL_MESSAGES.notApproved);
    if (error.issue === "INSTRUMENT_DECLINED" || error.issue === "TRANSACTION_REFUSED") throw conflict(PAYPAL_MESSAGES.declined);
    if (error.status === 404) throw notFound(PAYPAL_MESSAGES.noOrder);
    if (error.status === 0 || error.status >= 500) throw new AppError("bad_gateway", PAYPAL_MESSAGES.unreachable);
    throw new AppError("bad_gateway", `PayPal error: ${error.issue ?? `status ${error.status}`}`);
  }
}

/**
 * Step 1: a PayPal order for what the player owes after credit (plus the convenience fee),
 * and a `created` payment that remembers what it pays for. Refused like a credit sign-up.
 * `paypal`: the league's PayPal, or the promise of it whose read the caller started beside
 * these (one trip, ADR 41); a league without PayPal is refused before anything is written.
 */
export async function createSignUpOrder(db: Db, paypal: PayPal | null | Promise<PayPal | null>, req: SignUpRequest) {
  const now = nowSeconds();
  const reads = signUpReads(db, req, now);
  const client = await paypal;
  if (!client) {
    reads.catch(() => {});
    throw badRequest(PAYPAL_MESSAGES.notConfigured);
  }
  const { quote, round, player, potIds, followUps } = await planSignUp(db, req, now, reads);
  if (quote.paidByCredit) throw badRequest(PAYPAL_MESSAGES.coveredByCredit);
  const requestId = await orderRequestId([
    req.userId,
    round.id,
    player.id,
    req.division,
    req.ace ? 1 : 0,
    quote.creditUsedCents,
    quote.chargeCents,
    potIds.join("-"),
  ]);
  const { orderId } = await payPalCall(() =>
    client.createOrder({
      amountCents: quote.chargeCents,
      currency: "USD",
      customId: `entry:round-${round.id}:player-${player.id}`,
      description: `${round.name}: entry for ${player.name}`.slice(0, 127),
      requestId,
    }),
  );
  // A repeated create (same request id) returns the same order: its payment is already
  // here, and comes back to life if a choice in between expired it (it was never captured:
  // a capture claims its order first). The abandoned orders expire in the same batch.
  await db.batch([
    db
      .insert(payments)
      .values({
        leagueId: db.leagueId,
        userId: req.userId,
        roundId: round.id,
        playerId: player.id,
        method: "paypal",
        status: "created",
        amountCents: quote.chargeCents,
        leagueFeeCents: quote.feeCents,
        creditUsedCents: quote.creditUsedCents,
        aceOptIn: req.ace,
        division: req.division,
        sidePotIds: potIds.length ? JSON.stringify(potIds) : null,
        transactionId: orderId,
      })
      .onConflictDoUpdate({
        target: [payments.leagueId, payments.transactionId],
        set: { status: "created", updatedAt: dbNow },
        setWhere: and(eq(payments.status, "expired"), isNull(payments.captureId)),
      }),
    expireOtherOrders(db, { userId: req.userId, roundId: round.id, playerId: player.id, orderId }),
    expireStaleOrders(db, nowSeconds()),
  ]);
  return { orderId, quote, followUps };
}
