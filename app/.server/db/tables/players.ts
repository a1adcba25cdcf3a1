import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";

// Players: their records, the claims users make on them, and the stats kept per player.

export const players = sqliteTable(
  "players",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    firstName: text("fn").notNull(),
    lastName: text("ln").notNull(),
    pdga: text("pdga"),
    division: text("division").notNull(),
    inactive: integer("inactive", { mode: "boolean" }).notNull().default(false),
    // The user who added this record for themself (claims); null for records an admin made.
    // An account's id: no foreign key, a league's rows do not depend on accounts (ADR 46).
    createdByUserId: integer("created_by_user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("players", t),
    index("players_name_idx").on(t.leagueId, t.lastName, t.firstName),
    index("players_created_by_idx").on(t.leagueId, t.createdByUserId),
  ],
);

export const claims = sqliteTable(
  "claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    // An account's id: no foreign key (ADR 46); deleting the account clears its claims.
    userId: integer("user_id").notNull(),
    playerId: integer("player_id").notNull(),
    status: text("status", {
      enum: ["pending", "approved", "rejected", "conflict", "withdrawn"],
    }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
    approvedAt: integer("approved_at"),
    rejectedAt: integer("rejected_at"),
  },
  (t) => [
    // One approved claim per player, and one open claim (so at most one approved) per
    // user, held by the database itself: racing requests cannot both win.
    leagueKey("claims", t),
    sameLeague(t, t.playerId, players).onDelete("cascade"),
    // Per league: a user may claim one player in each league they play in.
    uniqueIndex("claims_player_approved_uq").on(t.leagueId, t.playerId).where(sql`status = 'approved'`),
    uniqueIndex("claims_user_open_uq").on(t.leagueId, t.userId).where(sql`status in ('pending', 'approved', 'conflict')`),
    index("claims_user_idx").on(t.leagueId, t.userId),
    index("claims_status_idx").on(t.leagueId, t.status),
    index("claims_player_idx").on(t.leagueId, t.playerId),
  ],
);

/**
 * Each player's all-time stats over their entries, kept by triggers on entries (migration
 * 0010) so every write path — sign-ups, admin edits, score batches, cascades — keeps them,
 * and the players list reads one row per player instead of every entry. Scored
 * rounds only (score > 0); wins are results starting '1/'; best is the lowest score.
 */
export const playerStats = sqliteTable(
  "player_stats",
  {
    playerId: integer("player_id").primaryKey(),
    leagueId: leagueColumn(),
    roundCount: integer("round_count").notNull().default(0),
    scoreSum: integer("score_sum").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    bestScore: integer("best_score"),
    // Credit added less credit used over the player's entries: the entries' part of the
    // balance (services/money/balance.ts), so a list of balances reads no entry either.
    creditCents: integer("credit_cents").notNull().default(0),
  },
  (t) => [sameLeague(t, t.playerId, players).onDelete("cascade"), index("player_stats_league_idx").on(t.leagueId, t.playerId)],
);
