import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { leagueColumn } from "./leagues";

// What the Worker keeps for itself: the write guards, the audit log and its actor, the page
// cache's index, the abuse limits.

// Never holds a row. A multi-statement write inserts into it only when one of its rules
// broke (the round changed since it was read; a balance would go below zero): the CHECK
// fails, and D1 rolls the whole batch back. A rule that must abort a batch, not just
// skip one statement, is written this way (ADR 14).
export const writeGuards = sqliteTable(
  "write_guards",
  {
    roundChanged: integer("round_changed"),
    overdrawn: integer("overdrawn"),
    // The ace pot would be below zero at some moment (ADR 21).
    potNegative: integer("pot_negative"),
    // A round's cards changed since the card editor read them (ADR 25: cards_version).
    cardsChanged: integer("cards_changed"),
    // An entry would take a round or division past its field cap (ADR 28).
    fieldFull: integer("field_full"),
    // The bag tags' history, or a tags round's results, changed since the swap read them (ADR 27).
    tagsChanged: integer("tags_changed"),
    // A sign-up's round is closed: its flag says so, or its start has passed (ADR 39).
    registrationClosed: integer("registration_closed"),
    // The league is not active at the epoch the Worker holds (ADR 46): frozen, moved, or changed since.
    leagueInactive: integer("league_inactive"),
    // An organiser's message would pass the league's limits: 5 an hour, 20 a day (ADR 49).
    messageLimit: integer("message_limit"),
    // The round is cancelled, or no longer as a restore read it (ADR 50).
    roundCancelled: integer("round_cancelled"),
  },
  (t) => [
    check("round_changed", sql`${t.roundChanged} is null`),
    check("overdrawn", sql`${t.overdrawn} is null`),
    check("pot_negative", sql`${t.potNegative} is null`),
    check("cards_changed", sql`${t.cardsChanged} is null`),
    check("field_full", sql`${t.fieldFull} is null`),
    check("tags_changed", sql`${t.tagsChanged} is null`),
    check("registration_closed", sql`${t.registrationClosed} is null`),
    check("league_inactive", sql`${t.leagueInactive} is null`),
    check("message_limit", sql`${t.messageLimit} is null`),
    check("round_cancelled", sql`${t.roundCancelled} is null`),
  ],
);

/** Who a write is made by, as the audit log and the tags' history record it. */
export const ACTOR_ROLES = ["admin", "player", "visitor", "paypal", "system"] as const;

/**
 * Who is writing: one row (id 1) that the app's D1 binding sets as the first statement of
 * every batch that writes a money table, and deletes as its last (workers/audit-actor.ts).
 * The audit triggers read it; a write made outside the app (a console, a seed) finds no
 * row and is recorded with no actor.
 */
export const auditActor = sqliteTable(
  "audit_actor",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id"),
    role: text("role", { enum: ACTOR_ROLES }).notNull(),
    /** The actor's name as the Worker wrote it: the triggers read it here, never from users (ADR 46). */
    name: text("name"),
  },
  (t) => [check("audit_actor_one_row", sql`${t.id} = 1`)],
);

/**
 * Every change to money, append-only (triggers refuse an update or delete of a row):
 * entries' money fields, payments, refunds, transfers, aces and rounds' fees. Written by
 * triggers on those tables (migration 0011), so no write path can skip it; `before` and
 * `after` are JSON objects of the row's money fields (null for an insert / a delete).
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    at: integer("at").notNull().default(sql`(unixepoch())`),
    actorUserId: integer("actor_user_id"),
    // The actor's name when it acted: the row outlives a deleted user.
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: ACTOR_ROLES }),
    tableName: text("table_name").notNull(),
    rowId: integer("row_id").notNull(),
    action: text("action", { enum: ["insert", "update", "delete"] }).notNull(),
    playerId: integer("player_id"),
    // A transfer's other side.
    otherPlayerId: integer("other_player_id"),
    roundId: integer("round_id"),
    before: text("before"),
    after: text("after"),
  },
  (t) => [
    // The league's log, newest first (the audit page with no filter).
    index("audit_log_league_idx").on(t.leagueId, t.id),
    index("audit_log_player_idx").on(t.leagueId, t.playerId, t.id),
    index("audit_log_other_player_idx").on(t.leagueId, t.otherPlayerId, t.id),
    index("audit_log_round_idx").on(t.leagueId, t.roundId, t.id),
    index("audit_log_actor_idx").on(t.leagueId, t.actorUserId, t.id),
  ],
);

// The local page cache (the Cache API, ADR 11) has no purge by tag: this index says which
// cached URL carries which tag, so a write can delete exactly those entries.
export const pageCacheKeys = sqliteTable(
  "page_cache_keys",
  {
    url: text("url").notNull(),
    tag: text("tag").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.url] })],
);

// Failed logins, registrations and reset requests, counted per key in a time window.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
