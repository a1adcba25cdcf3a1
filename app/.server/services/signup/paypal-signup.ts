import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, dbNow, inLeague, uniqueViolation } from "../../db/client";
import { entries, type Payment, payments, players } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import type { PayPal } from "../../paypal/client";
import type { CaptureResult } from "../../paypal/wire";
import { nowSeconds } from "~/lib/shared/time";
import { balanceCentsSql } from "../players/balance-sql";
import { claimForCapture, EXPIRED_MESSAGE, expireIfStale } from "./paypal-expiry";
import { commitRoundChange, type RoundChange, type RoundState, readRoundState } from "../entries/participants";
import { type EntryRow, entriesQuery, toEntryRow } from "../entries/entries";
import { settled, settledValue } from "~/lib/shared/settled";
import type { FollowUp } from "../../follow-ups";
import { type SignUpRequest, planSignUp } from "./signup";
import { signUpReads } from "./signup-reads";
import { fullNameSql } from "../../db/player-name";
import { joinPots, potIdsOf } from "../sidepots/signup-pots";
import { PAYPAL_MESSAGES, payPalCall } from "./paypal-order";

// Step 2 of a sign-up paid (in part) through PayPal (step 1, the order: ./paypal-order.ts):
// after the payer approves, the capture — by the browser's request, or PayPal's webhook if
// the browser never came back — completes the payment and makes the entry in one batch.
// Every step is keyed on the order id, so retries and replays give one payment and one entry.

/** What happened to a captured payment. Only `entered` signs the player up. */
export type CaptureOutcome =
  | {
      kind: "entered";
      entryId: number;
      /** The entry as the batch that made it read it back. */
      entry?: EntryRow;
      /** What making it left for after the batch (ADR 44): the waitlist's news. */
      followUps?: FollowUp[];
    }
  | { kind: "pending" }
  | { kind: "refused"; message: string }
  | { kind: "paid-not-entered"; message: string };

type CaptureFacts = Pick<CaptureResult, "captureId" | "status" | "amountCents" | "currency" | "feeCents">;

export const paymentOfOrder = async (db: Db, orderId: string): Promise<Payment | undefined> =>
  (
    await db
      .select()
      .from(payments)
      .where(and(inLeague(db, payments), eq(payments.transactionId, orderId)))
  )[0];

const entryOfPayment = async (db: Db, paymentId: number) =>
  (
    await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.paymentId, paymentId)))
  )[0];

/**
 * Payments a capture may still settle: `created`, and `expired` (a capture started before
 * its order expired may report late, by webhook: money PayPal took is always recorded).
 */
export const SETTLEABLE: readonly Payment["status"][] = ["created", "expired"];
const settleable = (status: Payment["status"]) => SETTLEABLE.includes(status);

/** Sets a payment still unsettled to `status`; a payment another path settled is left as it is. */
export function settleCreated(db: Db, paymentId: number, set: Partial<Payment>) {
  return db
    .update(payments)
    .set({ ...set, updatedAt: dbNow })
    .where(and(inLeague(db, payments), eq(payments.id, paymentId), inArray(payments.status, [...SETTLEABLE])));
}

/** What a payment already settled answers (a retry, a replay, the other path first). */
async function settledOutcome(db: Db, payment: Payment): Promise<CaptureOutcome> {
  if (payment.status === "completed") {
    const entry = await entryOfPayment(db, payment.id);
    if (entry) return { kind: "entered", entryId: entry.id };
    return { kind: "paid-not-entered", message: paidNotEntered(problemOf(payment) ?? "the entry could not be made.") };
  }
  if (payment.status === "expired") return { kind: "refused", message: EXPIRED_MESSAGE };
  return { kind: "refused", message: PAYPAL_MESSAGES.refused };
}

const problemOf = (payment: Payment): string | null => {
  try {
    const data = JSON.parse(payment.paymentData ?? "null") as { problem?: unknown } | null;
    return typeof data?.problem === "string" ? data.problem : null;
  } catch {
    return null;
  }
};

const paidNotEntered = (problem: string) =>
  `Your PayPal payment was received, but you could not be signed up: ${problem} An admin will sort it out.`;

/** What the browser says it is paying for: only a guess at the plan's keys (see captureSignUp). */
export type CaptureGuess = Pick<SignUpRequest, "playerId" | "roundId" | "division" | "sidePotIds">;

const sameKeys = (guess: CaptureGuess, req: SignUpRequest) =>
  guess.playerId === req.playerId &&
  guess.roundId === req.roundId &&
  guess.division === req.division &&
  [...(guess.sidePotIds ?? [])].sort().join() === [...(req.sidePotIds ?? [])].sort().join();

/**
 * Step 2, the browser's way: capture the approved order (the same request id on every
 * retry), then record it. Before capturing, the sign-up must still be allowed at the price
 * of the order; if not, the order is never captured and no money moves.
 *
 * Its D1 trips (ADR 42): before PayPal, the reads (the order's payment, and the plan's reads
 * keyed by what the browser says it pays for, beside it) and the payment claimed for capture;
 * after PayPal answers, a fresh look at the payment and the batch. The browser's fields are
 * never trusted: the payment's own decide, and when they differ from the guess the plan is
 * read again, keyed by the payment.
 */
export async function captureSignUp(
  db: Db,
  paypal: PayPal | null | Promise<PayPal | null>,
  userId: number,
  orderId: string,
  guess?: CaptureGuess,
): Promise<CaptureOutcome> {
  const now = nowSeconds();
  const guessed = guess ? { userId, ...guess, ace: false, creditRequestedCents: 0 } : null;
  const early = guessed ? settled(signUpReads(db, guessed, now)) : null;
  const order = paymentOfOrder(db, orderId);
  // The league's PayPal (its row read beside these): none, and nothing is asked of anyone.
  const client = await paypal;
  if (!client) {
    order.catch(() => {});
    throw badRequest(PAYPAL_MESSAGES.notConfigured);
  }
  const payment = await order;
  if (!payment || payment.userId !== userId || payment.method !== "paypal") throw notFound(PAYPAL_MESSAGES.noOrder);
  if (payment.status !== "created") return settledOutcome(db, payment);
  const req: SignUpRequest = {
    userId,
    playerId: payment.playerId,
    roundId: payment.roundId,
    division: payment.division,
    ace: payment.aceOptIn,
    sidePotIds: potIdsOf(payment),
    creditRequestedCents: payment.creditUsedCents,
  };
  // What the plan read (the player, the round's state) serves the capture's batch: no read again after PayPal answers.
  let planned: Planned | undefined;
  try {
    const reads = early && guessed && sameKeys(guessed, req) ? early.then(settledValue) : undefined;
    const { quote, player, state } = await planSignUp(db, req, now, reads);
    if (quote.chargeCents !== payment.amountCents || quote.creditUsedCents !== payment.creditUsedCents) {
      await settleCreated(db, payment.id, { status: "failed", paymentData: JSON.stringify({ problem: "price changed before capture" }) });
      return { kind: "refused", message: PAYPAL_MESSAGES.priceChanged };
    }
    planned = { player, state: state.ok ? state.value : undefined };
  } catch (error) {
    // The webhook may have entered the player between our two reads: that is success.
    const again = await paymentOfOrder(db, orderId);
    if (again && again.status !== "created") return settledOutcome(db, again);
    throw error;
  }
  // Claimed first, so an expiry racing this capture either wins (never captured) or waits.
  if (!(await claimForCapture(db, payment.id, nowSeconds()))) {
    await expireIfStale(db, payment.id);
    const again = await paymentOfOrder(db, orderId);
    if (again && again.status !== "created") return settledOutcome(db, again);
    return { kind: "refused", message: EXPIRED_MESSAGE };
  }
  const capture = await payPalCall(() => client.captureOrder(orderId, `capture-${orderId}`));
  return recordCapture(db, payment, capture, planned);
}

/** What a capture's batch is planned from, when the request read it before capturing. */
type Planned = { player: { name: string; balanceCents: number }; state?: RoundState };

/**
 * A capture PayPal reported (to the browser's request or in a webhook), recorded against
 * its payment: a capture of another amount or currency is refused and the payment marked
 * failed; a completed one completes the payment and makes the entry, once.
 */
export async function recordCapture(db: Db, payment: Payment, capture: CaptureFacts, planned?: Planned): Promise<CaptureOutcome> {
  if (capture.currency !== "USD" || capture.amountCents !== payment.amountCents) {
    const problem = `PayPal captured ${capture.amountCents} cents ${capture.currency}; the payment was for ${payment.amountCents} cents USD`;
    console.error("PayPal capture amount mismatch", payment.id, problem);
    await settleCreated(db, payment.id, { status: "failed", captureId: capture.captureId, paymentData: JSON.stringify({ problem }) });
    return {
      kind: "refused",
      message: "PayPal error: the amount paid is not the amount due. Nothing was recorded; an admin will refund it.",
    };
  }
  switch (capture.status) {
    case "COMPLETED":
      return completeWithEntry(db, payment, capture, planned);
    case "PENDING":
      await settleCreated(db, payment.id, { captureId: capture.captureId, status: "created" });
      return { kind: "pending" };
    case "REFUNDED":
    case "PARTIALLY_REFUNDED":
      await settleCreated(db, payment.id, { status: "refunded", captureId: capture.captureId });
      return { kind: "refused", message: PAYPAL_MESSAGES.refused };
    default:
      await settleCreated(db, payment.id, { status: "failed", captureId: capture.captureId });
      return { kind: "refused", message: PAYPAL_MESSAGES.declined };
  }
}

async function completeWithEntry(db: Db, payment: Payment, capture: CaptureFacts, planned?: Planned): Promise<CaptureOutcome> {
  const completed = { status: "completed" as const, captureId: capture.captureId, providerFeeCents: capture.feeCents };
  // Asked beside the first fresh look at the payment (ADR 41), unless the request read them before capturing.
  const known = planned ? Promise.resolve(planned.player) : playerOf(db, payment.playerId);
  for (let attempt = 0; attempt < 4; attempt++) {
    const [fresh, player, read] = await Promise.all([
      paymentOfOrder(db, payment.transactionId ?? ""),
      known,
      attempt > 0 ? undefined : planned?.state ? { ok: true as const, value: planned.state } : settled(readRoundState(db, payment.roundId)),
    ]);
    if (fresh && !settleable(fresh.status)) return settledOutcome(db, fresh);
    try {
      const { value, followUps } = await commitRoundChange(
        db,
        payment.roundId,
        (state): RoundChange<CaptureOutcome> => {
          const complete = db
            .update(payments)
            .set({ ...completed, updatedAt: dbNow })
            .where(and(inLeague(db, payments), eq(payments.id, payment.id)));
          const entered = state.entries.find((e) => e.playerId === payment.playerId);
          // This payment's entry, made by the other path (browser or webhook) while we planned.
          if (entered?.paymentId === payment.id)
            return { statements: [], after: state.entries, guardPlayers: [], answer: () => ({ kind: "entered", entryId: entered.id }) };
          if (entered) {
            // Entered some other way meanwhile (an admin, a credit sign-up): the money is in, the entry was not made twice.
            const problem = "you were already entered in this round.";
            return {
              statements: [settleCreated(db, payment.id, { ...completed, paymentData: JSON.stringify({ problem }) })],
              after: state.entries,
              guardPlayers: [],
              answer: () => ({ kind: "paid-not-entered", message: paidNotEntered(problem) }),
            };
          }
          return {
            statements: [
              complete,
              db
                .insert(entries)
                .values({
                  leagueId: db.leagueId,
                  roundId: payment.roundId,
                  playerId: payment.playerId,
                  division: payment.division,
                  ace: payment.aceOptIn,
                  creditUsedCents: payment.creditUsedCents,
                  paymentId: payment.id,
                })
                .returning({ id: entries.id }),
              ...joinPots(db, payment.roundId, payment.playerId, potIdsOf(payment)),
              // Read back last, as the batch made it: the answer needs no read after it.
              entriesQuery(db, eq(entries.paymentId, payment.id)),
            ],
            after: [...state.entries, { id: null, division: payment.division, score: 0 }],
            takesPlace: { playerId: payment.playerId, division: payment.division },
            guardPlayers: [
              {
                playerId: payment.playerId,
                name: player?.name ?? "The player",
                balanceCents: player?.balanceCents ?? 0,
                deltaCents: -payment.creditUsedCents,
              },
            ],
            answer: ([, rows, ...rest]) => {
              const id = (rows as { id: number }[] | undefined)?.[0]?.id;
              if (id === undefined) throw new Error("the entry insert returned no row");
              const [row] = rest.at(-1) as Parameters<typeof toEntryRow>[0][];
              return { kind: "entered", entryId: id, entry: row ? toEntryRow(row) : undefined };
            },
          };
        },
        read?.ok ? read.value : undefined,
      );
      return value.kind === "entered" ? { ...value, followUps } : value;
    } catch (error) {
      // The other path entered the player or settled the payment first: look again.
      if (uniqueViolation(error)) continue;
      if (!(error instanceof AppError)) throw error;
      // The money is in but the entry cannot be made (credit spent meanwhile): recorded, for an admin.
      const problem = error.message;
      await settleCreated(db, payment.id, { ...completed, paymentData: JSON.stringify({ problem }) });
      const settled = await paymentOfOrder(db, payment.transactionId ?? "");
      return settled ? settledOutcome(db, settled) : { kind: "paid-not-entered", message: paidNotEntered(problem) };
    }
  }
  throw conflict("The round's entries changed while saving. Please try again.");
}

/** The player's name and balance, for the batch's balance guard and its refusal. */
async function playerOf(db: Db, playerId: number): Promise<Planned["player"] | undefined> {
  const [row] = await db.all<{ name: string; balance: number }>(
    sql`select ${fullNameSql(players)} as name, ${balanceCentsSql(playerId)} as balance from ${players} where league_id = ${db.leagueId} and id = ${playerId}`,
  );
  return row ? { name: row.name, balanceCents: Number(row.balance) } : undefined;
}
