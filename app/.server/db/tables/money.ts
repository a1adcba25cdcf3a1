import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { players } from "./players";
import { rounds } from "./rounds";

// Money outside an entry's own columns: payments (and PayPal's refunds), transfers of
// credit, and aces paid from the ace pot.

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    // The account that paid: no foreign key, a league's rows do not depend on accounts (ADR 46).
    userId: integer("user_id"),
    roundId: integer("round_id").notNull(),
    playerId: integer("player_id").notNull(),
    method: text("method", { enum: ["credit", "paypal", "cash"] }).notNull(),
    // refunded: refunds (payment_refunds) add up to the whole amount; a partly refunded
    // payment stays completed. expired: an order nobody approved in time (ADR 15). voided: a
    // cash record entered by mistake, undone by an admin with a reason (ADR 37).
    status: text("status", {
      enum: ["created", "completed", "failed", "refunded", "expired", "voided"],
    }).notNull(),
    // What the player was charged in money (entry price less credit, plus the league fee).
    amountCents: integer("amount_cents").notNull(),
    leagueFeeCents: integer("league_fee_cents").notNull().default(0),
    // The fee PayPal reports on the capture: reports show what the league received.
    providerFeeCents: integer("provider_fee_cents"),
    creditUsedCents: integer("credit_used_cents").notNull().default(0),
    aceOptIn: integer("ace_opt_in", { mode: "boolean" }).notNull().default(true),
    division: text("division").notNull(),
    // PayPal order id; makes every step of the flow idempotent.
    transactionId: text("transaction_id"),
    // PayPal capture id, once captured: refund events name the capture, not the order.
    captureId: text("capture_id"),
    // The key a client sent with a cash payment or a walk-up (one per tap of "Save"): a
    // retry on a flaky connection finds the payment it made instead of paying twice.
    requestKey: text("request_key"),
    // The side pots a PayPal sign-up pays for with its entry (a JSON list of ids, ADR 30).
    sidePotIds: text("side_pot_ids"),
    paymentData: text("payment_data"),
    // Why an admin voided it, and when (the audit log says who).
    voidReason: text("void_reason"),
    voidedAt: integer("voided_at"),
    // A cancelled round's PayPal payment the player asked back (ADR 50): its credit was taken
    // back then, and the refund job refunds the capture; set once, so it is asked once.
    refundAskedAt: integer("refund_asked_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [
    leagueKey("payments", t),
    sameLeague(t, t.roundId, rounds),
    sameLeague(t, t.playerId, players),
    uniqueIndex("payments_transaction_uq").on(t.leagueId, t.transactionId),
    uniqueIndex("payments_capture_uq").on(t.leagueId, t.captureId),
    uniqueIndex("payments_request_key_uq").on(t.leagueId, t.requestKey),
    index("payments_user_idx").on(t.leagueId, t.userId),
    index("payments_round_idx").on(t.leagueId, t.roundId),
  ],
);

export const transfers = sqliteTable(
  "transfers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    date: integer("d").notNull(),
    // Null on one side means the league itself (cash bought in, or cashed out).
    fromPlayerId: integer("from_player_id"),
    toPlayerId: integer("to_player_id"),
    amountCents: integer("amt_cents").notNull(),
    description: text("description").notNull().default(""),
    // Set when the transfer gives back, as credit, a payment of an entry that was withdrawn:
    // one such transfer per payment, whatever the number of racing withdrawals.
    paymentId: integer("payment_id"),
    // Set when the transfer gives back, as credit, what a payment paid beyond its entry's
    // price (ADR 37): that part of the payment no longer pays for the entry.
    excessPaymentId: integer("excess_payment_id"),
    // Set when a round's cancel gave this back as credit (ADR 50): with payment_id, what a
    // payment paid; without, the credit the player's entry used. Restore deletes them.
    cancelRoundId: integer("cancel_round_id"),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("transfers", t),
    sameLeague(t, t.fromPlayerId, players),
    sameLeague(t, t.toPlayerId, players),
    sameLeague(t, t.paymentId, payments),
    sameLeague(t, t.excessPaymentId, payments),
    uniqueIndex("transfers_payment_uq").on(t.leagueId, t.paymentId),
    uniqueIndex("transfers_excess_payment_uq").on(t.leagueId, t.excessPaymentId),
    // One give-back of the credit an entry used per cancel, however many cancels race.
    uniqueIndex("transfers_cancel_credit_uq")
      .on(t.leagueId, t.cancelRoundId, t.toPlayerId)
      .where(sql`${t.cancelRoundId} is not null and ${t.paymentId} is null`),
    index("transfers_from_idx").on(t.leagueId, t.fromPlayerId, t.amountCents),
    index("transfers_to_idx").on(t.leagueId, t.toPlayerId, t.amountCents),
    index("transfers_d_idx").on(t.leagueId, t.date),
    check("transfers_amt_positive", sql`${t.amountCents} > 0`),
    check("transfers_sides_differ", sql`${t.fromPlayerId} IS NULL OR ${t.toPlayerId} IS NULL OR ${t.fromPlayerId} <> ${t.toPlayerId}`),
  ],
);

/**
 * Money given back by PayPal (a refund or a reversal), each its own row against the
 * payment: partial and repeated refunds add up, and the payment is `refunded` only when
 * they reach its amount. `providerRefundId` (PayPal's refund id, or the reversal event's
 * resource id) makes a replayed event count once. While the entry the payment paid for
 * still stands, the books flag it until an admin decides: keep the entry (what is owed
 * then shows as owed) or withdraw it.
 */
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    paymentId: integer("payment_id").notNull(),
    kind: text("kind", { enum: ["refund", "reversal"] }).notNull(),
    providerRefundId: text("provider_refund_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    // kept: the admin keeps the entry standing; withdrawn: the entry was withdrawn.
    resolution: text("resolution", { enum: ["kept", "withdrawn"] }),
    resolvedAt: integer("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("payment_refunds", t),
    sameLeague(t, t.paymentId, payments),
    uniqueIndex("payment_refunds_provider_uq").on(t.leagueId, t.providerRefundId),
    index("payment_refunds_payment_idx").on(t.leagueId, t.paymentId),
    check("payment_refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

export const aces = sqliteTable(
  "aces",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    date: integer("d").notNull(),
    playerId: integer("player_id").notNull(),
    // Deleting the round unlinks it (a trigger: a same-league reference cannot set null).
    roundId: integer("round_id"),
    amountCents: integer("amt_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("aces", t),
    sameLeague(t, t.playerId, players),
    sameLeague(t, t.roundId, rounds),
    index("aces_d_idx").on(t.leagueId, t.date),
    index("aces_round_idx").on(t.leagueId, t.roundId),
    index("aces_player_idx").on(t.leagueId, t.playerId),
    check("aces_amt_positive", sql`${t.amountCents} > 0`),
  ],
);
