import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { aces, players } from "../../db/schema";
import { notFound } from "../../errors";
import { acePotAtSql } from "./ace-pot";
import { nowSeconds } from "~/lib/shared/time";

/**
 * The ace pot in cents (ADR 21): without a round, the current pot — the pot as of now,
 * so fees prepaid for a round that has not started are not in it yet; with a round, the
 * pot at stake in it — the pot as of its start, its own fees included.
 */
export async function acePotCents(db: Db, roundId?: number, now = nowSeconds()): Promise<number> {
  if (roundId === undefined) {
    const [row] = await db.all<{ pot: number }>(sql`select ${acePotAtSql(db, now)} as pot`);
    return Number(row?.pot ?? 0);
  }
  const [row] = await db.all<{ pot: number }>(
    sql`select ${acePotAtSql(db, sql`x.d`)} as pot from rounds x where x.league_id = ${db.leagueId} and x.id = ${roundId}`,
  );
  if (!row) throw notFound("Round not found");
  return Number(row.pot);
}

/** A paid ace with the player's name; the round it was hit in, if recorded. */
export type AceRow = {
  id: number;
  date: number;
  playerId: number;
  firstName: string;
  lastName: string;
  amountCents: number;
  roundId: number | null;
};

/** Ace history, newest first. */
export async function listAces(db: Db): Promise<AceRow[]> {
  return db
    .select({
      id: aces.id,
      date: aces.date,
      playerId: aces.playerId,
      firstName: players.firstName,
      lastName: players.lastName,
      amountCents: aces.amountCents,
      roundId: aces.roundId,
    })
    .from(aces)
    .innerJoin(players, eq(players.id, aces.playerId))
    .where(inLeague(db, aces))
    .orderBy(desc(aces.date), desc(aces.id));
}

/** The players who hit an ace in a round (the aces recorded against it). */
export async function acesInRound(db: Db, roundId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ playerId: aces.playerId })
    .from(aces)
    .where(and(inLeague(db, aces), eq(aces.roundId, roundId)));
  return rows.map((r) => r.playerId);
}
