import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aces, players, rounds } from "../db/schema";
import { notFound } from "../errors";
import { toDollars } from "~/lib/money";

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
  const feeFilter = until === undefined ? sql`` : sql`and r.d <= ${until}`;
  const aceFilter = until === undefined ? sql`` : sql`where a.d < ${until}`;
  const [row] = await db.all<{ pot: number }>(sql`select
      coalesce((select sum(r.ace_cents) from entries e join rounds r on r.id = e.round_id
                where e.ace = 1 ${feeFilter}), 0)
    - coalesce((select sum(a.amt_cents) from aces a ${aceFilter}), 0) as pot`);
  return Number(row?.pot ?? 0);
}

export type AceDto = {
  id: number;
  d: number;
  player: number;
  amt: number;
  fn: string;
  ln: string;
  round_id: number | null;
};

/** Ace history, newest first. */
export async function listAces(db: Db): Promise<AceDto[]> {
  const rows = await db
    .select({
      id: aces.id,
      d: aces.d,
      player: aces.playerId,
      amtCents: aces.amtCents,
      fn: players.fn,
      ln: players.ln,
      roundId: aces.roundId,
    })
    .from(aces)
    .innerJoin(players, eq(players.id, aces.playerId))
    .orderBy(desc(aces.d), desc(aces.id));
  return rows.map(({ amtCents, roundId, ...r }) => ({ ...r, amt: toDollars(amtCents), round_id: roundId }));
}
