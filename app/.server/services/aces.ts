import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aces, players, rounds } from "../db/schema";
import { notFound } from "../errors";
import { acePotCentsSql } from "./balance";

/**
 * Ace pot in cents = ace fees of entries that opted in − aces paid. With a round: the
 * pot at stake in that round = fees of rounds up to and including it − aces dated before it.
 */
export async function acePotCents(db: Db, roundId?: number): Promise<number> {
  let until: number | undefined;
  if (roundId !== undefined) {
    const [round] = await db.select({ d: rounds.d }).from(rounds).where(eq(rounds.id, roundId));
    if (!round) throw notFound("Round not found");
    until = round.d;
  }
  const [row] = await db.all<{ pot: number }>(sql`select ${acePotCentsSql(until)} as pot`);
  return Number(row?.pot ?? 0);
}

/** A paid ace with the player's name; the round it was hit in, if recorded. */
export type AceRow = {
  id: number;
  d: number;
  playerId: number;
  firstName: string;
  lastName: string;
  amtCents: number;
  roundId: number | null;
};

/** Ace history, newest first. */
export async function listAces(db: Db): Promise<AceRow[]> {
  return db
    .select({
      id: aces.id,
      d: aces.d,
      playerId: aces.playerId,
      firstName: players.fn,
      lastName: players.ln,
      amtCents: aces.amtCents,
      roundId: aces.roundId,
    })
    .from(aces)
    .innerJoin(players, eq(players.id, aces.playerId))
    .orderBy(desc(aces.d), desc(aces.id));
}

/** The players who hit an ace in a round (the aces recorded against it). */
export async function acesInRound(db: Db, roundId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ playerId: aces.playerId }).from(aces).where(eq(aces.roundId, roundId));
  return rows.map((r) => r.playerId);
}
