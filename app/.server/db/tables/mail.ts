import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, sameLeague } from "./leagues";
import { rounds } from "./rounds";

// Mail sent per round: registration openings and cards.

// One row per mail sent because registration opened: (round, user, league-time day).
// Opening, closing and opening a round again the same day mails nobody twice.
export const registrationMails = sqliteTable(
  "registration_mails",
  {
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
    // An account's id: no foreign key (ADR 46).
    userId: integer("user_id").notNull(),
    day: text("day").notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId, t.day] }),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    index("registration_mails_league_idx").on(t.leagueId, t.roundId),
  ],
);

/**
 * One row per card mail (ADR 25, like registration_mails of ADR 18): keyed on the round, the
 * user and the moment the cards were published, so a job run twice, or twenty publishes at
 * once, mail each opted-in player once per publish.
 */
export const cardMails = sqliteTable(
  "card_mails",
  {
    leagueId: leagueColumn(),
    roundId: integer("round_id").notNull(),
    // An account's id: no foreign key (ADR 46).
    userId: integer("user_id").notNull(),
    publishedAt: integer("published_at").notNull(),
    mailedAt: integer("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.userId, t.publishedAt] }),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    index("card_mails_league_idx").on(t.leagueId, t.roundId),
  ],
);
