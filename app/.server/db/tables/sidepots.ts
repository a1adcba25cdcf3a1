import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { POT_KINDS } from "../../../lib/sidepots/side-pots";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { entries } from "./entries";
import { rounds } from "./rounds";

// A round's side pots: who opted in, who holds a hole, and the settled wins.

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
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
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
    leagueKey("side_pots", t),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    uniqueIndex("side_pots_round_name_uq").on(t.leagueId, t.roundId, t.name),
    index("side_pots_name_idx").on(t.leagueId, t.name, t.settledAt),
    check("side_pots_buy_in", sql`${t.buyInCents} between 1 and 100000`),
    check("side_pots_holes", sql`(${t.kind} = 'ctp') = (${t.holes} is not null)`),
  ],
);

/** An entry opted in to a side pot: its buy-in is part of the entry's price (ADR 30). */
export const sidePotPlayers = sqliteTable(
  "side_pot_players",
  {
    leagueId: leagueColumn(),
    potId: integer("pot_id").notNull(),
    entryId: integer("entry_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.potId, t.entryId] }),
    sameLeague(t, t.potId, sidePots).onDelete("cascade"),
    sameLeague(t, t.entryId, entries).onDelete("cascade"),
    index("side_pot_players_entry_idx").on(t.leagueId, t.entryId),
  ],
);

/**
 * Who holds a side pot's hole (hole 0: a custom pot's winners): a player's mark from their
 * card replaces the hole's marks unless an admin settled it; an admin's may name several
 * (a tie). `distanceCm` is optional.
 */
export const sidePotMarks = sqliteTable(
  "side_pot_marks",
  {
    leagueId: leagueColumn(),
    potId: integer("pot_id").notNull(),
    hole: integer("hole").notNull(),
    entryId: integer("entry_id").notNull(),
    distanceCm: integer("distance_cm"),
    settled: integer("settled", { mode: "boolean" }).notNull().default(false),
    // The account that marked it: no foreign key (ADR 46).
    byUserId: integer("by_user_id"),
    at: integer("at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.potId, t.hole, t.entryId] }),
    sameLeague(t, t.potId, sidePots).onDelete("cascade"),
    sameLeague(t, t.entryId, entries).onDelete("cascade"),
    index("side_pot_marks_entry_idx").on(t.leagueId, t.entryId),
  ],
);

/** A settled side pot's share for a winner on a hole, paid into their entry's credit (ADR 30). */
export const sidePotWins = sqliteTable(
  "side_pot_wins",
  {
    leagueId: leagueColumn(),
    potId: integer("pot_id").notNull(),
    hole: integer("hole").notNull(),
    entryId: integer("entry_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.potId, t.hole, t.entryId] }),
    sameLeague(t, t.potId, sidePots).onDelete("cascade"),
    sameLeague(t, t.entryId, entries).onDelete("cascade"),
    index("side_pot_wins_entry_idx").on(t.leagueId, t.entryId),
  ],
);
