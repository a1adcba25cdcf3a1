import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { players, rounds } from "./league";
import { entries } from "./money";
import { POT_KINDS } from "../../../lib/sidepots/side-pots";

// A league night: cards, the waitlist, bag tags' moves and side pots.

/**
 * A round's cards (ADR 25): drafts until the round's cards_published_at is set. A card
 * starts on a hole (a shotgun start: hole and the slot among the cards that share it) or at
 * a tee time. `startedAt` is set when its first score is recorded: from then on only its
 * scorers change it.
 */
export const cards = sqliteTable(
  "cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    startHole: integer("start_hole"),
    startSlot: integer("start_slot").notNull().default(0),
    teeTime: integer("tee_time"),
    startedAt: integer("started_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("cards_round_number_uq").on(t.roundId, t.number)],
);

/** Who plays on a card: each entry on at most one card of its round. */
export const cardPlayers = sqliteTable(
  "card_players",
  {
    entryId: integer("entry_id")
      .primaryKey()
      .references(() => entries.id, { onDelete: "cascade" }),
    cardId: integer("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [index("card_players_card_idx").on(t.cardId, t.position)],
);

/**
 * A player's place on a round's waitlist (ADR 28), in the order of `id`. `waiting` until a
 * place frees; then `offered` until `offerExpiresAt` (or `auto_entered` at once when they
 * chose to be entered from their credit and it covers the fee); an entry made for them by
 * any path closes the row as `entered` (a trigger, migration 0015); `expired` and `left`
 * end it. One open row (waiting or offered) per player and round.
 */
export const waitlist = sqliteTable(
  "waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    division: text("division").notNull(),
    ace: integer("ace", { mode: "boolean" }).notNull().default(true),
    // Enter me at once from my credit when a place frees and my balance covers the fee.
    autoConfirm: integer("auto_confirm", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["waiting", "offered", "entered", "auto_entered", "expired", "left"] })
      .notNull()
      .default("waiting"),
    offeredAt: integer("offered_at"),
    offerExpiresAt: integer("offer_expires_at"),
    closedAt: integer("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("waitlist_open_uq").on(t.roundId, t.playerId).where(sql`status in ('waiting', 'offered')`),
    index("waitlist_round_status_idx").on(t.roundId, t.status),
    index("waitlist_user_idx").on(t.userId),
  ],
);

/**
 * What happened to a place on a waitlist, one row per change a player is told of (offered,
 * entered, auto_entered, expired), written by a trigger on waitlist (migration 0015): the
 * home page shows them and the queue mails them to opted-in players, marking `mailedAt`.
 */
export const waitlistNotices = sqliteTable(
  "waitlist_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    waitlistId: integer("waitlist_id")
      .notNull()
      .references(() => waitlist.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["offered", "entered", "auto_entered", "expired"] }).notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("waitlist_notices_unmailed_idx").on(t.mailedAt), index("waitlist_notices_waitlist_idx").on(t.waitlistId)],
);

/**
 * Every movement of a bag tag (ADR 27): a round's swap or expiry (`roundId` set, rewritten
 * when the round's results or an earlier tags round change), or an admin's assignment or
 * take-back (no round, never rewritten). Who holds a tag is the last move of it in the
 * order of `at` (the round's start, or the moment of the admin's action), then id; a null
 * side is the pool. The actor columns are filled by a trigger from audit_actor.
 */
export const tagMoves = sqliteTable(
  "tag_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tag: integer("tag").notNull(),
    fromPlayerId: integer("from_player_id").references(() => players.id),
    toPlayerId: integer("to_player_id").references(() => players.id),
    roundId: integer("round_id").references(() => rounds.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["swap", "expired", "assigned", "taken_back"] }).notNull(),
    at: integer("at").notNull(),
    actorUserId: integer("actor_user_id"),
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: ["admin", "player", "visitor", "paypal", "system"] }),
    createdAt: createdAt(),
  },
  (t) => [
    // A round moves each tag at most once: two saves of one round cannot both write its swap.
    uniqueIndex("tag_moves_round_tag_uq").on(t.roundId, t.tag).where(sql`round_id is not null`),
    index("tag_moves_tag_idx").on(t.tag, t.at, t.id),
    index("tag_moves_at_idx").on(t.at, t.id),
    index("tag_moves_to_idx").on(t.toPlayerId),
    index("tag_moves_from_idx").on(t.fromPlayerId),
    check("tag_moves_tag", sql`${t.tag} between 1 and 999`),
    check("tag_moves_sides", sql`${t.fromPlayerId} is not ${t.toPlayerId}`),
    check("tag_moves_round", sql`(${t.roundId} is null) = (${t.reason} in ('assigned', 'taken_back'))`),
  ],
);

/**
 * A round's side pot (ADR 30): closest to the pin on chosen holes (`holes`, a JSON list) or
 * a custom pot the admin awards. Players opt in beside their entry (side_pot_players), and
 * the buy-in is part of what the entry costs. "Credit payouts" settles it: `prizeCents`
 * (the buy-ins and what the last settled pot of the same name rolled over) and
 * `carriedInCents` are written then, and each winner's share becomes entry credit.
 */
export const sidePots = sqliteTable(
  "side_pots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: POT_KINDS }).notNull(),
    buyInCents: integer("buy_in_cents").notNull(),
    holes: text("holes"),
    settledAt: integer("settled_at"),
    carriedInCents: integer("carried_in_cents").notNull().default(0),
    prizeCents: integer("prize_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("side_pots_round_name_uq").on(t.roundId, t.name),
    index("side_pots_name_idx").on(t.name, t.settledAt),
    check("side_pots_buy_in", sql`${t.buyInCents} between 1 and 100000`),
    check("side_pots_holes", sql`(${t.kind} = 'ctp') = (${t.holes} is not null)`),
  ],
);

/** An entry opted in to a side pot: its buy-in is part of the entry's price (ADR 30). */
export const sidePotPlayers = sqliteTable(
  "side_pot_players",
  {
    potId: integer("pot_id")
      .notNull()
      .references(() => sidePots.id, { onDelete: "cascade" }),
    entryId: integer("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.potId, t.entryId] }), index("side_pot_players_entry_idx").on(t.entryId)],
);

/**
 * Who holds a side pot's hole (hole 0: a custom pot's winners): a player's mark from their
 * card replaces the hole's marks unless an admin settled it; an admin's may name several
 * (a tie). `distanceCm` is optional.
 */
export const sidePotMarks = sqliteTable(
  "side_pot_marks",
  {
    potId: integer("pot_id")
      .notNull()
      .references(() => sidePots.id, { onDelete: "cascade" }),
    hole: integer("hole").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    distanceCm: integer("distance_cm"),
    settled: integer("settled", { mode: "boolean" }).notNull().default(false),
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.potId, t.hole, t.entryId] }), index("side_pot_marks_entry_idx").on(t.entryId)],
);

/** A settled side pot's share for a winner on a hole, paid into their entry's credit (ADR 30). */
export const sidePotWins = sqliteTable(
  "side_pot_wins",
  {
    potId: integer("pot_id")
      .notNull()
      .references(() => sidePots.id, { onDelete: "cascade" }),
    hole: integer("hole").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.potId, t.hole, t.entryId] }), index("side_pot_wins_entry_idx").on(t.entryId)],
);
