import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { players, rounds } from "./league";
import { versionColumns } from "./version-columns";

// Sign-ups and their money: payments (and PayPal's refunds), entries, transfers of credit,
// PayPal's events seen.

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
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
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [
    uniqueIndex("payments_transaction_uq").on(t.transactionId),
    uniqueIndex("payments_capture_uq").on(t.captureId),
    uniqueIndex("payments_request_key_uq").on(t.requestKey),
    index("payments_user_idx").on(t.userId),
    index("payments_round_idx").on(t.roundId),
  ],
);

export const entries = sqliteTable(
  "entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    division: text("division").notNull(),
    ace: integer("ace", { mode: "boolean" }).notNull().default(true),
    score: integer("score").notNull().default(0),
    // Did not finish (ADR 26): score stays 0, yet the entry is in, ranked last, paid nothing
    // and not rated, so it no longer holds its division's payouts the way a missing score does.
    dnf: integer("dnf", { mode: "boolean" }).notNull().default(false),
    payoutCents: integer("payout_cents").notNull().default(0),
    payoutAdjustCents: integer("payout_adjust_cents").notNull().default(0),
    creditAddedCents: integer("credit_added_cents").notNull().default(0),
    creditUsedCents: integer("credit_used_cents").notNull().default(0),
    // What "Credit payouts" credited for the payout (payout + adjustment + side pot wins) when
    // it last ran; null when the admin set the credit by hand, or it never ran. A payout that
    // moves from it afterwards leaves the credit stale, and the screens say so (ADR 37).
    creditedForCents: integer("credited_for_cents"),
    paymentId: integer("payment_id").references(() => payments.id, {
      onDelete: "set null",
    }),
    result: text("result"),
    // The round rating of this score (services/ratings/round-ratings.ts), null until rated.
    rating: integer("rating"),
    // Checked in at the course (ADR 25): when, and by whom (the player themself or an admin).
    checkedInAt: integer("checked_in_at"),
    checkedInBy: integer("checked_in_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    // A doubles round's team (ADR 31): its number in the round, shared by the partners; null
    // before the draw (an entry without a team plays as a team of one).
    team: integer("team"),
    // Bumped by a trigger whenever a field the entry editors show or a payout changes
    // (entriesVersionColumns): an edit carries the version it read and is refused against a newer one.
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per player per round, whatever path the entry came by.
    uniqueIndex("entries_round_player_uq").on(t.roundId, t.playerId),
    // Covering the balance sums (balanceCentsSql) and the ace pot's per-round counts: at
    // 100,000 entries neither reads a table row (tests/services/query-plans.test.ts).
    index("entries_player_credit_idx").on(t.playerId, t.creditAddedCents, t.creditUsedCents),
    index("entries_round_ace_idx").on(t.roundId, t.ace),
    // Covering the players list's stats (services/players/players.ts): 5× faster at 100,000 entries.
    index("entries_player_stats_idx").on(t.playerId, t.score, t.roundId, t.result),
    // Covering this year's stats (the players list): a season's rounds' scored entries, no row read.
    index("entries_round_score_idx").on(t.roundId, t.score, t.playerId),
  ],
);

/** What bumps `entries.version`: the fields the entry editors show, the payout and the payment (ADR 20). */
export const entriesVersionColumns = versionColumns(entries, {
  version: "version",
  bumps: ["division", "ace", "score", "dnf", "payoutCents", "payoutAdjustCents", "creditAddedCents", "creditUsedCents", "paymentId"],
  notVersioned: {
    id: "the row itself: never changes",
    roundId: "fixed when the entry is made: an entry never moves to another round",
    playerId: "fixed when the entry is made: an entry never moves to another player",
    creditedForCents: "Credit payouts' mark of what it credited (ADR 37), written with credit_added_cents",
    result: "the place label, rewritten from the scores in the write that changes them",
    rating: "written by the ratings job (ADR 17): a re-rating must not refuse an open edit",
    checkedInAt: "check-in is not money and bumps no version (ADR 25)",
    checkedInBy: "check-in is not money and bumps no version (ADR 25)",
    team: "the draw's, guarded by rounds.teams_version (ADR 31)",
    createdAt: "set once, when the entry is made",
  },
});

export const transfers = sqliteTable(
  "transfers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: integer("d").notNull(),
    // Null on one side means the league itself (cash bought in, or cashed out).
    fromPlayerId: integer("from_player_id").references(() => players.id),
    toPlayerId: integer("to_player_id").references(() => players.id),
    amountCents: integer("amt_cents").notNull(),
    description: text("description").notNull().default(""),
    // Set when the transfer gives back, as credit, a payment of an entry that was withdrawn:
    // one such transfer per payment, whatever the number of racing withdrawals.
    paymentId: integer("payment_id").references(() => payments.id),
    // Set when the transfer gives back, as credit, what a payment paid beyond its entry's
    // price (ADR 37): that part of the payment no longer pays for the entry.
    excessPaymentId: integer("excess_payment_id").references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("transfers_payment_uq").on(t.paymentId),
    uniqueIndex("transfers_excess_payment_uq").on(t.excessPaymentId),
    index("transfers_from_idx").on(t.fromPlayerId, t.amountCents),
    index("transfers_to_idx").on(t.toPlayerId, t.amountCents),
    index("transfers_d_idx").on(t.date),
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
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    kind: text("kind", { enum: ["refund", "reversal"] }).notNull(),
    providerRefundId: text("provider_refund_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    // kept: the admin keeps the entry standing; withdrawn: the entry was withdrawn.
    resolution: text("resolution", { enum: ["kept", "withdrawn"] }),
    resolvedAt: integer("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_refunds_provider_uq").on(t.providerRefundId),
    index("payment_refunds_payment_idx").on(t.paymentId),
    check("payment_refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

// PayPal webhook events already handled: a replayed event changes nothing.
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at").notNull().default(sql`(unixepoch())`),
  processedAt: integer("processed_at"),
});
