import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aces, entries, rounds } from "../db/schema";
import { notFound } from "../errors";
import { acePotCentsSql } from "./balance";
import { type EntryRow, entriesQuery, roundEntryRows } from "./entries";
import { type RoundRow, roundQuery } from "./rounds";

export type RoundPageData = { round: RoundRow; entries: EntryRow[]; potCents: number; acedPlayerIds: number[] };

/**
 * What a round's public page reads — the round, its entries with names, the ace pot at
 * stake in it and who aced — in one D1 batch: one round trip instead of six, and one
 * transaction, so all four agree (issue 12: a round page in ≤ 20 ms at scale).
 */
export async function roundPageData(db: Db, id: number): Promise<RoundPageData> {
  const [roundRows, entryRows, potRows, aceRows] = await db.batch([
    roundQuery(db, id),
    entriesQuery(db, eq(entries.roundId, id)),
    // The pot as of this round's date (services/aces.ts acePotCents, without its own read of the date).
    db
      .select({ pot: acePotCentsSql(sql`(select d from rounds where id = ${id})`).mapWith(Number) })
      .from(rounds)
      .where(eq(rounds.id, id)),
    db.selectDistinct({ playerId: aces.playerId }).from(aces).where(eq(aces.roundId, id)),
  ]);
  const [round] = roundRows;
  if (!round) throw notFound("Round not found");
  return {
    round,
    entries: roundEntryRows(entryRows),
    potCents: potRows[0]?.pot ?? 0,
    acedPlayerIds: aceRows.map((r) => r.playerId),
  };
}
