import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";
import { rounds } from "./rounds";
import { CHANNELS, DELIVERY_STATUSES, MESSAGE_KINDS } from "../../../lib/messages/kinds";

// What the league tells its players (ADR 49): each account's channel per kind, every
// message sent, and each recipient's copy with what became of it.

const inList = (list: readonly string[]) => sql.raw(list.map((v) => `'${v}'`).join(", "));

/** A player's channel for one kind in one league; no row: the kind's default (DEFAULT_CHANNEL). No foreign key to users (ADR 46). */
export const messagePrefs = sqliteTable(
  "message_prefs",
  {
    leagueId: leagueColumn(),
    userId: integer("user_id").notNull(),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull(),
    channel: text("channel", { enum: CHANNELS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId, t.kind] }),
    check("message_prefs_kind", sql`${t.kind} in (${inList(MESSAGE_KINDS)})`),
    check("message_prefs_channel", sql`${t.channel} in (${inList(CHANNELS)})`),
  ],
);

/**
 * One message: a kind, the round it is about, and a `key` that makes it once (a card
 * publish's moment, a reminder's round, an organiser's send), so a retried job or twenty
 * sends at once make one. `push`/`mail`: the channels it may use (an organiser's choice;
 * both for the league's own). `test`: an organiser's test to themself, outside the limits.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull(),
    roundId: integer("round_id"),
    key: text("key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    // The organiser's audience in words ("Card 3", "Not paid"); null for the league's own.
    audience: text("audience"),
    push: integer("push", { mode: "boolean" }).notNull().default(true),
    mail: integer("mail", { mode: "boolean" }).notNull().default(true),
    test: integer("test", { mode: "boolean" }).notNull().default(false),
    // The account that wrote it (no foreign key, ADR 46); null for the league's own.
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("messages", t),
    uniqueIndex("messages_key_uq").on(t.leagueId, t.key),
    sameLeague(t, t.roundId, rounds).onDelete("cascade"),
    index("messages_round_idx").on(t.leagueId, t.roundId),
    index("messages_kind_created_idx").on(t.leagueId, t.kind, t.createdAt),
    check("messages_kind", sql`${t.kind} in (${inList(MESSAGE_KINDS)})`),
  ],
);

/**
 * One recipient's copy of a message: its own words (their card, their place), and what
 * became of it. Keyed (message, user): a message reaches each account once, however often
 * its delivery runs. `notBefore`: a push held through the league's quiet hours.
 */
export const messageRecipients = sqliteTable(
  "message_recipients",
  {
    leagueId: leagueColumn(),
    messageId: integer("message_id").notNull(),
    // An account's id: no foreign key (ADR 46).
    userId: integer("user_id").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    // Where a tap on the push or the mail's link goes: a path of the league's.
    url: text("url").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("queued"),
    // Why it was refused or skipped; which push services took it.
    detail: text("detail"),
    notBefore: integer("not_before"),
    claimedAt: integer("claimed_at"),
    tries: integer("tries").notNull().default(0),
    sentAt: integer("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    sameLeague(t, t.messageId, messages).onDelete("cascade"),
    index("message_recipients_user_idx").on(t.leagueId, t.userId, t.createdAt),
    index("message_recipients_due_idx").on(t.status, t.notBefore),
    check("message_recipients_status", sql`${t.status} in (${inList(DELIVERY_STATUSES)})`),
  ],
);
