import { index, integer, sqliteTable, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { entries } from "./entries";
import { rounds } from "./rounds";

// A round's cards and who plays on each.

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
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
    number: integer("number").notNull(),
    startHole: integer("start_hole"),
    startSlot: integer("start_slot").notNull().default(0),
    teeTime: integer("tee_time"),
    startedAt: integer("started_at"),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("cards", t),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    uniqueIndex("cards_round_number_uq").on(t.leagueId, t.roundId, t.number),
  ],
);

/** Who plays on a card: each entry on at most one card of its round. */
export const cardPlayers = sqliteTable(
  "card_players",
  {
    entryId: integer("entry_id").primaryKey(),
    leagueId: leagueColumn(),
    cardId: integer("card_id").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [
    sameLeague(t, t.entryId, entries).onDelete("cascade"),
    sameLeague(t, t.cardId, cards).onDelete("cascade"),
    index("card_players_card_idx").on(t.leagueId, t.cardId, t.position),
  ],
);
