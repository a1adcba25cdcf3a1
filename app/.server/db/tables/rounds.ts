import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { layouts } from "./courses";
import { versionColumns } from "./version-columns";

// Rounds: what a round is, what bumps its version, and the stats kept per round.

export const rounds = sqliteTable(
  "rounds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
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
    layoutId: integer("layout_id"),
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
    // Rain-outs (ADR 50): a cancelled round counts for nothing and holds no money; the reason
    // shows on its pages ("Cancelled: weather"). Its aces leave the pot with its fees unless
    // the admin said they stand. What the cancel gave back is in round_cancellations.
    cancelledAt: integer("cancelled_at"),
    cancelReason: text("cancel_reason"),
    cancelAcesStand: integer("cancel_aces_stand", { mode: "boolean" }).notNull().default(false),
    // The start it had before its first postponement (ADR 50); null if never postponed.
    postponedFrom: integer("postponed_from"),
    // Ended early (ADR 50): each result is the score to par over the holes its card completed.
    endedEarlyAt: integer("ended_early_at"),
    // Bumped by a trigger whenever a field an editor shows changes (roundsVersionColumns): a
    // save carries the version it read, and a save against a newer row is refused (ADR 20).
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("rounds", t),
    sameLeague(t, t.layoutId, layouts),
    index("rounds_d_idx").on(t.leagueId, t.startsAt),
    index("rounds_layout_idx").on(t.leagueId, t.layoutId),
  ],
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
    leagueId: "the row's league: never changes (ADR 46)",
    cardsPublishedAt: "publishing the cards is guarded by cards_version (ADR 25)",
    cardsVersion: "the cards' own version, bumped by each write of them (ADR 25)",
    teamsVersion: "the teams' own version, bumped by each draw (ADR 31)",
    cancelledAt: "a cancel or restore is guarded by its own state (cancelled_at is null, or not), ADR 50",
    cancelReason: "written with cancelled_at (ADR 50)",
    cancelAcesStand: "written with cancelled_at (ADR 50)",
    postponedFrom: "written with the start it keeps, which bumps the version (ADR 50)",
    endedEarlyAt: "ending early is guarded by the round's entries and cards, not its editor (ADR 50)",
    createdAt: "set once, when the round is made",
  },
});

/**
 * How many of a round's entries paid into the ace fund, kept by triggers on entries
 * (migration 0010): the ace pot sums one row a round instead of counting every entry.
 */
export const roundStats = sqliteTable(
  "round_stats",
  {
    roundId: integer("round_id").primaryKey(),
    leagueId: leagueColumn(),
    aceEntries: integer("ace_entries").notNull().default(0),
  },
  (t) => [sameLeague(t, t.roundId, rounds).onDelete("cascade"), index("round_stats_league_idx").on(t.leagueId, t.roundId)],
);

/**
 * What a round's cancel gave back and what it saw (ADR 50), one row while the round is
 * cancelled: restore deletes it with the give-backs (transfers naming the round in
 * cancel_round_id), and is refused unless the round's entries and payments (`moneyPrint`) and
 * the league's aces (`acesPrint`) are as the cancel left them.
 */
export const roundCancellations = sqliteTable(
  "round_cancellations",
  {
    roundId: integer("round_id").primaryKey(),
    leagueId: leagueColumn(),
    at: integer("at").notNull(),
    moneyPrint: text("money_print").notNull(),
    acesPrint: text("aces_print").notNull(),
    // The account that cancelled (the audit log says so too): no foreign key (ADR 46).
    byUserId: integer("by_user_id"),
  },
  (t) => [sameLeague(t, t.roundId, rounds).onDelete("cascade"), index("round_cancellations_league_idx").on(t.leagueId, t.at)],
);
