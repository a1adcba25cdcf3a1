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
