import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CARD_MODES } from "../../lib/cards";
import { CHOICES, SETTINGS } from "../../lib/league-settings";

// Money columns are integer cents (suffix _cents); times are UTC epoch seconds.
// Property names are words; a few SQL columns keep the old /api's abbreviations (players
// fn/ln, rounds d/n/loc, aces and transfers d/amt_cents): renaming a property needs no migration.
const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch())`);

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
    // Bumped by a trigger (migration 0011) whenever a field an editor shows changes: a save
    // carries the version it read, and a save against a newer row is refused (ADR 20).
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("rounds_d_idx").on(t.startsAt), index("rounds_layout_idx").on(t.layoutId)],
);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    // Stored lower-cased so the unique index makes emails case-insensitive.
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    // Bumped to end every live session (lock, password reset).
    sessionVersion: integer("session_version").notNull().default(0),
    lastLogin: integer("last_login"),
    // Opted in to a mail when an admin opens registration for a round.
    notifyRegistration: integer("notify_registration", { mode: "boolean" }).notNull().default(false),
    // The secret in the user's personal calendar feed URL; reset from /profile.
    calendarToken: text("calendar_token"),
    // Opted in to a mail with their card when an admin publishes a round's cards.
    notifyCards: integer("notify_cards", { mode: "boolean" }).notNull().default(false),
    // The 4-digit PIN a cardmate types to sign this user's card for them (ADR 26): a salted
    // SHA-256 (services/accounts/scoring-pin.ts); wrong PINs are rate-limited per card instead.
    scoringPinHash: text("scoring_pin_hash"),
    // Opted in to mail about their places on waitlists: offered, entered, expired (ADR 28).
    notifyWaitlist: integer("notify_waitlist", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email), uniqueIndex("users_calendar_token_uq").on(t.calendarToken)],
);

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
    // payment stays completed. expired: an order nobody approved in time (ADR 15).
    status: text("status", {
      enum: ["created", "completed", "failed", "refunded", "expired"],
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
    // Bumped by a trigger (migration 0011) whenever a field the entry editors show or a
    // payout changes: an edit carries the version it read and is refused against a newer one.
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("transfers_payment_uq").on(t.paymentId),
    index("transfers_from_idx").on(t.fromPlayerId, t.amountCents),
    index("transfers_to_idx").on(t.toPlayerId, t.amountCents),
    index("transfers_d_idx").on(t.date),
    check("transfers_amt_positive", sql`${t.amountCents} > 0`),
    check("transfers_sides_differ", sql`${t.fromPlayerId} IS NULL OR ${t.toPlayerId} IS NULL OR ${t.fromPlayerId} <> ${t.toPlayerId}`),
  ],
);

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

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the token; the token itself only ever exists in the mail.
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    // The queue job that made the token (its token is derived from this id), and when
    // its mail went out: a redelivered job finds its row and sends at most once more.
    jobId: text("job_id"),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_uq").on(t.tokenHash), uniqueIndex("password_resets_job_uq").on(t.jobId)],
);

// Sessions ended by "log out" before their token expired. A row is only needed until
// the token's own expiry; older rows are swept when new ones are written.
export const revokedSessions = sqliteTable(
  "revoked_sessions",
  {
    sid: text("sid").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
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

// PayPal webhook events already handled: a replayed event changes nothing.
export const webhookEvents = sqliteTable("webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at").notNull().default(sql`(unixepoch())`),
  processedAt: integer("processed_at"),
});

// The admin's settings for standings and handicaps (/admin/settings): one row, id 1.
// No row means the defaults (app/lib/league-settings.ts).
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
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [check("league_settings_one_row", sql`${t.id} = 1`)],
);

// One row per mail sent because registration opened: (round, user, league-time day).
// Opening, closing and opening a round again the same day mails nobody twice.
export const registrationMails = sqliteTable(
  "registration_mails",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId, t.day] })],
);

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
  },
  (t) => [
    check("round_changed", sql`${t.roundChanged} is null`),
    check("overdrawn", sql`${t.overdrawn} is null`),
    check("pot_negative", sql`${t.potNegative} is null`),
    check("cards_changed", sql`${t.cardsChanged} is null`),
    check("field_full", sql`${t.fieldFull} is null`),
    check("tags_changed", sql`${t.tagsChanged} is null`),
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
    role: text("role", { enum: ["admin", "player", "visitor", "paypal", "system"] }).notNull(),
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
    at: integer("at").notNull().default(sql`(unixepoch())`),
    actorUserId: integer("actor_user_id"),
    // The actor's name when it acted: the row outlives a deleted user.
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: ["admin", "player", "visitor", "paypal", "system"] }),
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
    index("audit_log_player_idx").on(t.playerId, t.id),
    index("audit_log_other_player_idx").on(t.otherPlayerId, t.id),
    index("audit_log_round_idx").on(t.roundId, t.id),
    index("audit_log_actor_idx").on(t.actorUserId, t.id),
  ],
);

/** A course: its name (what a round's location shows) and where it is. */
export const courses = sqliteTable(
  "courses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    // The town or address, as a player would look it up.
    place: text("place").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("courses_name_uq").on(t.name)],
);

/** One way to play a course (its tees and baskets that season): 9 to 27 holes, each with a par. */
export const layouts = sqliteTable(
  "layouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    holeCount: integer("hole_count").notNull(),
    // Bumped by every save: an edit carries the version it read (ADR 20's rule).
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("layouts_course_name_uq").on(t.courseId, t.name), check("layouts_hole_count", sql`${t.holeCount} between 9 and 27`)],
);

/** A layout's holes: par, an optional distance, and whether it takes a second card in a shotgun start. */
export const layoutHoles = sqliteTable(
  "layout_holes",
  {
    layoutId: integer("layout_id")
      .notNull()
      .references(() => layouts.id, { onDelete: "cascade" }),
    hole: integer("hole").notNull(),
    par: integer("par").notNull(),
    distanceFeet: integer("distance_feet"),
    // 1, 2, …: the order in which holes take a second card when there are more cards than
    // holes; null: only after every listed hole (app/lib/cards.ts startingHoles).
    secondCardOrder: integer("second_card_order"),
  },
  (t) => [
    primaryKey({ columns: [t.layoutId, t.hole] }),
    check("layout_holes_par", sql`${t.par} between 2 and 9`),
    check("layout_holes_distance", sql`${t.distanceFeet} is null or ${t.distanceFeet} between 1 and 3000`),
  ],
);

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
 * One row per card mail (ADR 25, like registration_mails of ADR 18): keyed on the round, the
 * user and the moment the cards were published, so a job run twice, or twenty publishes at
 * once, mail each opted-in player once per publish.
 */
export const cardMails = sqliteTable(
  "card_mails",
  {
    roundId: integer("round_id")
      .notNull()
      .references(() => rounds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publishedAt: integer("published_at").notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId, t.publishedAt] })],
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
    kind: text("kind", { enum: ["ctp", "custom"] }).notNull(),
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

export type Player = typeof players.$inferSelect;
export type Round = typeof rounds.$inferSelect;
export type Entry = typeof entries.$inferSelect;
export type Ace = typeof aces.$inferSelect;
export type Transfer = typeof transfers.$inferSelect;
export type User = typeof users.$inferSelect;
export type Claim = typeof claims.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type Course = typeof courses.$inferSelect;
export type Layout = typeof layouts.$inferSelect;
export type LayoutHole = typeof layoutHoles.$inferSelect;
export type Card = typeof cards.$inferSelect;
export type TagMove = typeof tagMoves.$inferSelect;
