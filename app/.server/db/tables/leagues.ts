import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, foreignKey, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";

// The deployment's leagues (ADR 46). A league's rows will carry its id; every batch that
// writes them starts with a guard that the league is active at the epoch the Worker holds.

/** `frozen`: changes paused (a move under way); `moved`: the league lives in another database. */
export const LEAGUE_STATUSES = ["active", "frozen", "moved"] as const;

/** The league a deployment starts with, made by migration 0024: today's rows are its. */
export const DEFAULT_LEAGUE_ID = 1;

/**
 * What a deployment page's query builder is bound to when there is no league (no default
 * league, ADR 46): no league has it, so a league read there finds nothing and a league
 * write is refused by its foreign key.
 */
export const NO_LEAGUE_ID = 0;

export const leagues = sqliteTable(
  "leagues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    // Null until the league's own is set: the default league's then comes from the Worker's
    // vars (LEAGUE_NAME, LEAGUE_TIMEZONE), which seed it (app/.server/league.ts, ADR 46).
    name: text("name"),
    timeZone: text("time_zone"),
    status: text("status", { enum: LEAGUE_STATUSES }).notNull().default("active"),
    // Moves on with every change of status: a Worker holding an older epoch replans.
    epoch: integer("epoch").notNull().default(0),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    // Where the league plays, as the front door's search finds it ("Springfield, IL").
    town: text("town"),
    // Left off the front door (/leagues) by its owner, or by the operator: still reachable by its address.
    hiddenByOwner: integer("hidden_by_owner", { mode: "boolean" }).notNull().default(false),
    hiddenByOperator: integer("hidden_by_operator", { mode: "boolean" }).notNull().default(false),
    // Suspended by the operator: its pages and /api answer 403 to all but its owner and the
    // operator, and its write guard refuses every change, until unsuspended (null).
    suspendedAt: integer("suspended_at"),
    // Closed by its owner: read-only for good, off the front door, joined by nobody.
    closedAt: integer("closed_at"),
    // What a player types to join (6 characters, no I, L, O or 0); the owner makes a new one.
    joinCode: text("join_code"),
    // The account that started it at /leagues/new (no foreign key: accounts and leagues stay
    // apart); null for a league made by a migration or the operator's script.
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("leagues_slug").on(sql`lower(${t.slug})`),
    uniqueIndex("leagues_join_code").on(t.joinCode),
    index("leagues_created_by_idx").on(t.createdBy),
    uniqueIndex("leagues_one_default").on(t.isDefault).where(sql`${t.isDefault} = 1`),
    check("leagues_status", sql`${t.status} in ('active', 'frozen', 'moved')`),
  ],
);

/** A league's row as the request's league is made from it (`leagueOf`, app/.server/league.ts). */
export const leagueRowColumns = {
  id: leagues.id,
  slug: leagues.slug,
  name: leagues.name,
  timeZone: leagues.timeZone,
  status: leagues.status,
  epoch: leagues.epoch,
  isDefault: leagues.isDefault,
  suspendedAt: leagues.suspendedAt,
  closedAt: leagues.closedAt,
};

/**
 * The league a row belongs to (ADR 46): every league table has it, and every query of one
 * binds the request's league.
 */
export const leagueColumn = () =>
  integer("league_id")
    .notNull()
    .references((): AnySQLiteColumn => leagues.id);

type LeagueTable = { leagueId: AnySQLiteColumn; id: AnySQLiteColumn };

/**
 * A reference to a row of the same league: `(league_id, column)` → the parent's
 * `(league_id, id)`, so SQLite itself refuses a row pointing into another league.
 */
export function sameLeague(child: { leagueId: AnySQLiteColumn }, column: AnySQLiteColumn, parent: LeagueTable) {
  // drizzle's types want both sides' table names as literals; the columns are checked by SQLite.
  return foreignKey({ columns: [child.leagueId, column], foreignColumns: [parent.leagueId, parent.id] } as Parameters<
    typeof foreignKey
  >[0] &
    object);
}

/** What a same-league reference needs of its parent: `(league_id, id)` unique. */
export const leagueKey = (name: string, t: LeagueTable) => uniqueIndex(`${name}_league_uq`).on(t.leagueId, t.id);

/**
 * A league's own PayPal REST app (owner only): the secret sealed with the deployment's
 * PAYPAL_CREDENTIALS_KEY (AES-GCM), never sent back. `webhookId` is set once "Test
 * connection" has registered the league's webhook; until then the league takes no PayPal.
 */
export const leaguePaypal = sqliteTable(
  "league_paypal",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    apiBase: text("api_base").notNull(),
    clientId: text("client_id").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    webhookId: text("webhook_id"),
    connectedAt: integer("connected_at"),
    updatedBy: integer("updated_by"),
    updatedAt: integer("updated_at").notNull().default(sql`(unixepoch())`),
  },
  (t) => [uniqueIndex("league_paypal_one").on(t.leagueId), leagueKey("league_paypal", t)],
);
