import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../db/client";
import { aces, entries, rounds } from "../db/schema";
import { notFound } from "../errors";
import { acePotAtSql } from "../services/money/ace-pot";
import { type EntryRow, entriesQuery, roundEntryRows } from "../services/entries/entries";
import { type RoundRow, roundQuery } from "../services/rounds/rounds";
import { signUpFactsOf, signUpFactsQuery } from "../services/signup/signup";
import { type RoundCourse, roundCourseQuery } from "../services/courses/layout-sql";

export type RoundPageData = {
  round: RoundRow;
  entries: EntryRow[];
  potCents: number;
  acedPlayerIds: number[];
  /** The signed-in player's sign-up facts (services/signup/signup.ts), when a player was given. */
  facts: SignUpFacts | null;
  /** The course and layout played (ADR 25); null for a round without a layout. */
  course: RoundCourse | null;
};

type SignUpFacts = ReturnType<typeof signUpFactsOf>;

/**
 * What a round's page reads — the round, its entries with names, the ace pot at stake in
 * it, who aced, for a signed-in player their sign-up facts, and its course — in one D1 batch: one
 * round trip instead of six or seven, and one transaction, so all agree (a
 * round page in ≤ 20 ms at scale). Player 0 is no one: that query finds no row.
 */
export async function roundPageData(db: Db, id: number, playerId: number | null = null): Promise<RoundPageData> {
  const [roundRows, entryRows, potRows, aceRows, factRows, courseRows] = await db.batch([
    roundQuery(db, id),
    entriesQuery(db, eq(entries.roundId, id)),
    // The pot at stake: as of this round's start (services/money/aces.ts acePotCents, without its own read of the date).
    db
      .select({ pot: acePotAtSql(db, sql`(select d from rounds where id = ${id})`).mapWith(Number) })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, id))),
    db
      .selectDistinct({ playerId: aces.playerId })
      .from(aces)
      .where(and(inLeague(db, aces), eq(aces.roundId, id))),
    signUpFactsQuery(db, playerId ?? 0, id),
    roundCourseQuery(db, id),
  ]);
  const [round] = roundRows;
  if (!round) throw notFound("Round not found");
  return {
    round,
    entries: roundEntryRows(entryRows),
    potCents: potRows[0]?.pot ?? 0,
    acedPlayerIds: aceRows.map((r) => r.playerId),
    facts: playerId === null ? null : signUpFactsOf(playerId, factRows[0]),
    course: courseRows[0] ?? null,
  };
}
