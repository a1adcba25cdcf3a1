import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, sameLeague } from "./leagues";
import { rounds } from "./rounds";

// What a league mails whom: each account's choices in the league, and the mail sent per
// round (registration openings and cards).

/**
 * An account's choices in one league (ADR 46): which of the league's mails it wants (all off
 * until turned on, on /profile or through the league's /api; the registration mail's signed
 * link turns that one off), and the secret of its personal calendar feed of the league's
 * rounds. No row: every mail off and no feed yet. The account is the deployment's: no
 * foreign key to users (a deleted account's row goes with the league's job, ADR 46).
 */
export const leaguePrefs = sqliteTable(
  "league_prefs",
  {
    leagueId: leagueColumn(),
    userId: integer("user_id").notNull(),
    // A mail when an admin opens registration for a round.
    notifyRegistration: integer("notify_registration", { mode: "boolean" }).notNull().default(false),
    // A mail with their card when an admin publishes a round's cards (ADR 25). No longer
    // read: the `cards` message tells every player on a card (message_prefs, ADR 49).
    notifyCards: integer("notify_cards", { mode: "boolean" }).notNull().default(false),
    // Mail about their places on waitlists: offered, entered, expired (ADR 28). No longer
    // read: the `waitlist` message tells them (message_prefs, ADR 49).
    notifyWaitlist: integer("notify_waitlist", { mode: "boolean" }).notNull().default(false),
    // The secret in the personal feed's URL (/l/{slug}/calendar/{token}.ics); replaced on demand.
    calendarToken: text("calendar_token"),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    // A feed's token opens its league's feed only (the feed's address names the league).
    uniqueIndex("league_prefs_calendar_token_uq").on(t.leagueId, t.calendarToken),
  ],
);

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
