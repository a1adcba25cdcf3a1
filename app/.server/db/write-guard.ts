import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { writeGuards } from "./schema";

// A rule that must abort a whole batch (ADR 14): an insert into write_guards that happens
// only when the rule is broken, whose CHECK then fails and rolls the batch back. The
// failure names the rule (checkFailed(err, "pot_negative")).

/** write_guards' columns in table order: the insert fills one and leaves the others null. */
const RULES = [
  "roundChanged",
  "overdrawn",
  "potNegative",
  "cardsChanged",
  "fieldFull",
  "tagsChanged",
  "registrationClosed",
  "leagueInactive",
  "messageLimit",
  "roundCancelled",
] as const;
export type GuardRule = (typeof RULES)[number];

/** A batch item that aborts the batch when `broken` holds. */
export function writeGuard(db: Db, rule: GuardRule, broken: SQL) {
  const values = sql.join(
    RULES.map((r) => (r === rule ? sql`1` : sql`null`)),
    sql`, `,
  );
  return db.insert(writeGuards).select(sql`select ${values} where ${broken}`);
}

/**
 * What marks the operator's record of a change to a league itself (its address, its
 * suspension, its hiding, ADR 46) in that league's audit log: an `insert into audit_log …
 * select` whose select carries this comment. The change is the deployment's: it is written
 * whatever the status of the league it names or of the request's league, since it may be the
 * very change that lifts a suspension. The league guard (workers/league-guard.ts) lets such an
 * insert into the audit log through, and no other write of a league's table. SQL text is the
 * code's alone (values are bound), so nothing a user sends can carry it.
 */
export const LEAGUE_RECORD = "/* the operator's record of a league change */";
