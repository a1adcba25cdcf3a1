import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { players } from "./players";
import { rounds } from "./rounds";

// A round's waitlist and the notices of what happened to a place on it.

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
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
    playerId: integer("player_id").notNull(),
    // An account's id: no foreign key (ADR 46); deleting the account clears its places.
    userId: integer("user_id").notNull(),
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
    leagueKey("waitlist", t),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    sameLeague(t, t.playerId, players).onDelete("cascade"),
    uniqueIndex("waitlist_open_uq").on(t.leagueId, t.roundId, t.playerId).where(sql`status in ('waiting', 'offered')`),
    index("waitlist_round_status_idx").on(t.leagueId, t.roundId, t.status),
    index("waitlist_user_idx").on(t.leagueId, t.userId),
  ],
);

/**
 * What happened to a place on a waitlist, one row per change a player is told of (offered,
 * entered, auto_entered, expired), written by a trigger on waitlist (migration 0015): the
 * home page shows them and the queue makes each a `waitlist` message (ADR 49), marking `mailedAt`.
 */
export const waitlistNotices = sqliteTable(
  "waitlist_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    waitlistId: integer("waitlist_id").notNull(),
    kind: text("kind", { enum: ["offered", "entered", "auto_entered", "expired"] }).notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    sameLeague(t, t.waitlistId, waitlist).onDelete("cascade"),
    index("waitlist_notices_unmailed_idx").on(t.leagueId, t.mailedAt),
    index("waitlist_notices_waitlist_idx").on(t.leagueId, t.waitlistId),
  ],
);
