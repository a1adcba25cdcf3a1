import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { payments } from "./money";
import { players } from "./players";
import { rounds } from "./rounds";
import { versionColumns } from "./version-columns";

// Entries: a player in a round, their score, payout and credit, and what bumps its version.

export const entries = sqliteTable(
  "entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
    playerId: integer("player_id").notNull(),
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
    // Deleting the payment unlinks it (a trigger: a same-league reference cannot set null).
    paymentId: integer("payment_id"),
    result: text("result"),
    // The round rating of this score (services/ratings/round-ratings.ts), null until rated.
    rating: integer("rating"),
    // Checked in at the course (ADR 25): when, and by whom (the player themself or an admin).
    checkedInAt: integer("checked_in_at"),
    // An account's id (the deployment's): no foreign key, a league's rows do not depend on accounts.
    checkedInBy: integer("checked_in_by"),
    // A doubles round's team (ADR 31): its number in the round, shared by the partners; null
    // before the draw (an entry without a team plays as a team of one).
    team: integer("team"),
    // Bumped by a trigger whenever a field the entry editors show or a payout changes
    // (entriesVersionColumns): an edit carries the version it read and is refused against a newer one.
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("entries", t),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    sameLeague(t, t.playerId, players),
    sameLeague(t, t.paymentId, payments),
    // One entry per player per round, whatever path the entry came by.
    uniqueIndex("entries_round_player_uq").on(t.leagueId, t.roundId, t.playerId),
    // Covering the balance sums (balanceCentsSql) and the ace pot's per-round counts: at
    // 100,000 entries neither reads a table row (tests/services/query-plans.test.ts).
    index("entries_player_credit_idx").on(t.leagueId, t.playerId, t.creditAddedCents, t.creditUsedCents),
    index("entries_round_ace_idx").on(t.leagueId, t.roundId, t.ace),
    // Covering the players list's stats (services/players/players.ts): 5× faster at 100,000 entries.
    index("entries_player_stats_idx").on(t.leagueId, t.playerId, t.score, t.roundId, t.result),
    // Covering this year's stats (the players list): a season's rounds' scored entries, no row read.
    index("entries_round_score_idx").on(t.leagueId, t.roundId, t.score, t.playerId),
  ],
);

/** What bumps `entries.version`: the fields the entry editors show, the payout and the payment (ADR 20). */
export const entriesVersionColumns = versionColumns(entries, {
  version: "version",
  bumps: ["division", "ace", "score", "dnf", "payoutCents", "payoutAdjustCents", "creditAddedCents", "creditUsedCents", "paymentId"],
  notVersioned: {
    id: "the row itself: never changes",
    leagueId: "the row's league: never changes (ADR 46)",
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
