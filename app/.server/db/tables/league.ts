import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CARD_MODES } from "../../../lib/cards/cards";
import { CHOICES, SETTINGS } from "../../../lib/settings/league-settings";
import { createdAt } from "./columns";
import { users } from "./accounts";
import { layouts } from "./courses";
import { versionColumns } from "./version-columns";

// The league's record: players, rounds, claims of a player's record, aces, the kept stats, and
// the league's settings.

export const players = sqliteTable(
  "players",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    firstName: text("fn").notNull(),
    lastName: text("ln").notNull(),
    pdga: text("pdga"),
    division: text("division").notNull(),
    inactive: integer("inactive", { mode: "boolean" }).notNull().default(false),
    // The user who added this record for themself (claims); null for records an admin made.
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("players_name_idx").on(t.lastName, t.firstName), index("players_created_by_idx").on(t.createdByUserId)],
);

export const rounds = sqliteTable(
  "rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // When the round starts (its tee time).
    startsAt: integer("d").notNull(),
    name: text("n").notNull(),
    location: text("loc").notNull(),
    feePdgaCents: integer("fee_pdga_cents").notNull(),
    feeCourseCents: integer("fee_course_cents").notNull(),
    feeOtherCents: integer("fee_other_cents").notNull(),
    aceCents: integer("ace_cents").notNull(),
    payoutCents: integer("payout_cents").notNull(),
    pdgaUrl: text("pdga_url"),
    openForRegistration: integer("open_for_registration", { mode: "boolean" }).notNull().default(false),
    // The course layout played (its par per hole); null for a round without one (the
    // location is then only the text). With a layout, `location` is its course's name.
    layoutId: integer("layout_id").references((): AnySQLiteColumn => layouts.id),
    // League night (ADR 25): when the admin published the round's cards (null: a draft or
    // none), and a counter every write of its cards bumps, so a stale card edit is refused.
    cardsPublishedAt: integer("cards_published_at"),
    cardsVersion: integer("cards_version").notNull().default(0),
    // Field caps (ADR 28): places in the whole round (null: no cap), and per division a JSON
    // object {division: places} (null: none). A full round or division offers its waitlist.
    fieldCap: integer("field_cap"),
    divisionCaps: text("division_caps"),
    // Bag tags (ADR 27): the players who played this round swap their tags by finish.
    countsForTags: integer("counts_for_tags", { mode: "boolean" }).notNull().default(false),
    // Random-draw doubles (ADR 31): teams are drawn at check-in, play one score and share a
    // place; every draw bumps teams_version, so two admins drawing at once leave one draw.
    doubles: integer("doubles", { mode: "boolean" }).notNull().default(false),
    teamsVersion: integer("teams_version").notNull().default(0),
    // Bumped by a trigger whenever a field an editor shows changes (roundsVersionColumns): a
    // save carries the version it read, and a save against a newer row is refused (ADR 20).
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("rounds_d_idx").on(t.startsAt), index("rounds_layout_idx").on(t.layoutId)],
);

/** What bumps `rounds.version`: every field the round's editors show (ADR 20). */
export const roundsVersionColumns = versionColumns(rounds, {
  version: "version",
  bumps: [
    "startsAt",
    "name",
    "location",
    "feePdgaCents",
    "feeCourseCents",
    "feeOtherCents",
    "aceCents",
    "payoutCents",
    "pdgaUrl",
    "openForRegistration",
    "layoutId",
    "fieldCap",
    "divisionCaps",
    "countsForTags",
    "doubles",
  ],
  notVersioned: {
    id: "the row itself: never changes",
    cardsPublishedAt: "publishing the cards is guarded by cards_version (ADR 25)",
    cardsVersion: "the cards' own version, bumped by each write of them (ADR 25)",
    teamsVersion: "the teams' own version, bumped by each draw (ADR 31)",
    createdAt: "set once, when the round is made",
  },
});

export const claims = sqliteTable(
  "claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
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
    uniqueIndex("claims_player_approved_uq").on(t.playerId).where(sql`status = 'approved'`),
    uniqueIndex("claims_user_open_uq").on(t.userId).where(sql`status in ('pending', 'approved', 'conflict')`),
    index("claims_user_idx").on(t.userId),
    index("claims_status_idx").on(t.status),
    index("claims_player_idx").on(t.playerId),
  ],
);

/**
 * Each player's all-time stats over their entries, kept by triggers on entries (migration
 * 0010) so every write path — sign-ups, admin edits, score batches, cascades — keeps them,
 * and the players list reads one row per player instead of every entry. Scored
 * rounds only (score > 0); wins are results starting '1/'; best is the lowest score.
 */
export const playerStats = sqliteTable("player_stats", {
  playerId: integer("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  roundCount: integer("round_count").notNull().default(0),
  scoreSum: integer("score_sum").notNull().default(0),
  wins: integer("wins").notNull().default(0),
  bestScore: integer("best_score"),
  // Credit added less credit used over the player's entries: the entries' part of the
  // balance (services/money/balance.ts), so a list of balances reads no entry either.
  creditCents: integer("credit_cents").notNull().default(0),
});

/**
 * How many of a round's entries paid into the ace fund, kept by triggers on entries
 * (migration 0010): the ace pot sums one row a round instead of counting every entry.
 */
export const roundStats = sqliteTable("round_stats", {
  roundId: integer("round_id")
    .primaryKey()
    .references(() => rounds.id, { onDelete: "cascade" }),
  aceEntries: integer("ace_entries").notNull().default(0),
});

export const aces = sqliteTable(
  "aces",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: integer("d").notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    roundId: integer("round_id").references(() => rounds.id, {
      onDelete: "set null",
    }),
    amountCents: integer("amt_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("aces_d_idx").on(t.date), index("aces_round_idx").on(t.roundId), check("aces_amt_positive", sql`${t.amountCents} > 0`)],
);

// The admin's settings for standings and handicaps (/admin/settings): one row, id 1.
// No row means the defaults (app/lib/settings/league-settings.ts).
export const leagueSettings = sqliteTable(
  "league_settings",
  {
    id: integer("id").primaryKey(),
    pointsFirst: integer("points_first").notNull().default(SETTINGS.pointsFirst.default),
    pointsStep: integer("points_step").notNull().default(SETTINGS.pointsStep.default),
    pointsFloor: integer("points_floor").notNull().default(SETTINGS.pointsFloor.default),
    pointsParticipation: integer("points_participation").notNull().default(SETTINGS.pointsParticipation.default),
    standingsBestN: integer("standings_best_n").notNull().default(SETTINGS.standingsBestN.default),
    handicapRounds: integer("handicap_rounds").notNull().default(SETTINGS.handicapRounds.default),
    handicapPercent: integer("handicap_percent").notNull().default(SETTINGS.handicapPercent.default),
    handicapPar: integer("handicap_par").notNull().default(SETTINGS.handicapPar.default),
    // League night (ADR 25).
    checkInOpensMinutes: integer("check_in_opens_minutes").notNull().default(SETTINGS.checkInOpensMinutes.default),
    cardSize: integer("card_size").notNull().default(SETTINGS.cardSize.default),
    teeIntervalMinutes: integer("tee_interval_minutes").notNull().default(SETTINGS.teeIntervalMinutes.default),
    cardMode: text("card_mode", { enum: CARD_MODES as [string, ...string[]] })
      .notNull()
      .default(CHOICES.cardMode.default),
    cardStart: text("card_start", { enum: ["shotgun", "tee_times"] })
      .notNull()
      .default(CHOICES.cardStart.default),
    // Who sees players' balances and the transfers: everyone, signed-in players, or admins only.
    moneyVisibility: text("money_visibility", { enum: ["everyone", "players", "admins"] })
      .notNull()
      .default(CHOICES.moneyVisibility.default),
    // The divisions the league runs, a JSON array in the league's order; null: the default list.
    divisions: text("divisions"),
    // Bag tags (ADR 27): off, or on with new rounds counting for tags or not by default;
    // the pool's size (tags 1 to tagCount); weeks absent before a tag returns (0: never).
    bagTags: text("bag_tags", { enum: ["off", "every", "chosen"] })
      .notNull()
      .default(CHOICES.bagTags.default),
    tagCount: integer("tag_count").notNull().default(SETTINGS.tagCount.default),
    tagExpiryWeeks: integer("tag_expiry_weeks").notNull().default(SETTINGS.tagExpiryWeeks.default),
    // Random-draw doubles (ADR 31): what a cali (the odd player, a team of one) plays.
    caliRule: text("cali_rule", { enum: ["best_of_two", "one_ball"] })
      .notNull()
      .default(CHOICES.caliRule.default),
    // Side pots' CTP distances (ADR 30): shown and typed in feet or metres, stored in cm.
    distanceUnit: text("distance_unit", { enum: ["ft", "m"] })
      .notNull()
      .default(CHOICES.distanceUnit.default),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [check("league_settings_one_row", sql`${t.id} = 1`)],
);
