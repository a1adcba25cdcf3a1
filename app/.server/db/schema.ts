// The database's tables, one file per service domain that owns them (tables/, named like
// app/.server/services/<domain>/; mail and system are shared by several), and a type for each
// row the app passes around. Import tables and types from here; drizzle-kit reads this
// file (drizzle.config.ts) to write the migrations.
//
// Money columns are integer cents (suffix _cents); times are UTC epoch seconds.
// Property names are words; a few SQL columns keep the old /api's abbreviations (players
// fn/ln, rounds d/n/loc, aces and transfers d/amt_cents): renaming a property needs no migration.
import type { users } from "./tables/accounts";
import type { cards } from "./tables/cards";
import type { courses, layoutHoles, layouts } from "./tables/courses";
import type { entries } from "./tables/entries";
import type { aces, paymentRefunds, payments, transfers } from "./tables/money";
import type { claims, players } from "./tables/players";
import type { rounds } from "./tables/rounds";
import type { auditLog } from "./tables/system";
import type { tagMoves } from "./tables/tags";

export * from "./tables/accounts";
export * from "./tables/cards";
export * from "./tables/courses";
export * from "./tables/entries";
export * from "./tables/leagues";
export * from "./tables/mail";
export * from "./tables/messages";
export * from "./tables/money";
export * from "./tables/players";
export * from "./tables/rounds";
export * from "./tables/settings";
export * from "./tables/sidepots";
export * from "./tables/signup";
export * from "./tables/system";
export * from "./tables/tags";
export * from "./tables/waitlist";

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
