import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagues } from "./leagues";
import { INVITE_ROLES, LEAGUE_ROLES } from "../../../lib/accounts/roles";

// Accounts: who can log in, their password resets and ended sessions.

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    // Stored lower-cased so the unique index makes emails case-insensitive.
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    // The deployment's operator (ADR 47): every capability in every league, and the only one
    // who acts on accounts. The column keeps its old name; the code calls it the operator.
    isOperator: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    locked: integer("locked", { mode: "boolean" }).notNull().default(false),
    // Bumped to end every live session (lock, password reset).
    sessionVersion: integer("session_version").notNull().default(0),
    lastLogin: integer("last_login"),
    // The 4-digit PIN a cardmate types to sign this user's card for them (ADR 26): a salted
    // SHA-256 (services/accounts/scoring-pin.ts); wrong PINs are rate-limited per card instead.
    scoringPinHash: text("scoring_pin_hash"),
    createdAt: createdAt(),
  },
  // Mail preferences and the calendar feed are a league's (league_prefs, tables/mail.ts, ADR 46).
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
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

/**
 * Who holds a role in which league (ADR 47): a deployment table, like users and leagues.
 * Read beside the session on every request; at most one owner per league.
 */
export const memberships = sqliteTable(
  "memberships",
  {
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: LEAGUE_ROLES }).notNull(),
    // Who granted it; null when a migration or a script made it, or the granter is gone.
    grantedBy: integer("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantedAt: integer("granted_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    uniqueIndex("memberships_one_owner").on(t.leagueId).where(sql`${t.role} = 'owner'`),
    index("memberships_user_idx").on(t.userId),
    check("memberships_role", sql`${t.role} in ('owner', 'admin', 'director', 'player')`),
  ],
);

/**
 * An invitation to a league by email (a deployment table, like memberships): the token is
 * only in the mail, its SHA-256 here; accepting makes the membership and spends the row.
 */
export const leagueInvites = sqliteTable(
  "league_invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: integer("league_id")
      .notNull()
      .references(() => leagues.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: INVITE_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("league_invites_token_uq").on(t.tokenHash),
    index("league_invites_league_idx").on(t.leagueId, t.email),
    check("league_invites_role", sql`${t.role} in ('admin', 'director', 'player')`),
  ],
);

/**
 * A device's Web Push subscription (ADR 49): the deployment's, tied to an account, one row
 * per endpoint (a device subscribed by another account moves to it). `sid` is the session
 * that made or last confirmed it: logging that session out removes it. The endpoint passed
 * the allow list of push services when it was saved (app/.server/push/web-push.ts).
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    // The browser's keys, base64url: a P-256 public point (65 bytes) and a 16-byte secret.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    sid: text("sid"),
    createdAt: createdAt(),
    // When the device last confirmed it (the app re-checks it when it opens).
    checkedAt: integer("checked_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);
