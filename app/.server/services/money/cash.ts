import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, payments, players } from "../../db/schema";
import { notFound } from "../../errors";
import { fullNameSql } from "../../db/player-name";

// Cash at the course (ADR 22): an admin records that an entry was paid in cash. It is a
// payment like a PayPal one (method cash, completed), so the entries screen counts it as
// paid, the reports as cash collected, and a withdrawal gives it back as credit.

export type CashPayment = { paymentId: number; playerName: string; amountCents: number };

/**
 * Records `amountCents` of cash for an entry, for the entry's round and player, with the
 * admin's note. The payment is inserted from the entry's row, so an entry withdrawn in the
 * meantime takes no cash (404), and it carries the player's linked user, division and ace.
 */
export async function recordCash(
  db: Db,
  input: { entryId: number; amountCents: number; note: string | null; inRound?: number },
): Promise<CashPayment> {
  const [entry] = await db
    .select({ roundId: entries.roundId, name: fullNameSql(players) })
    .from(entries)
    .innerJoin(players, eq(players.id, entries.playerId))
    .where(eq(entries.id, input.entryId));
  if (!entry || (input.inRound !== undefined && entry.roundId !== input.inRound)) throw notFound("Entry not found");
  const row = rowOf(payments, {
    // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare
    // player_id inside this subquery would be the claim's own.
    userId: sql`(select c.user_id from claims c where c.player_id = "entries"."player_id" and c.status = 'approved')`,
    roundId: entries.roundId,
    playerId: entries.playerId,
    method: sql`'cash'`,
    status: sql`'completed'`,
    amountCents: sql`${input.amountCents}`,
    aceOptIn: entries.ace,
    division: entries.division,
    paymentData: sql`${input.note ? JSON.stringify({ note: input.note }) : null}`,
  });
  const [inserted] = await db
    .insert(payments)
    .select(
      db
        .select(row)
        .from(entries)
        .where(and(eq(entries.id, input.entryId), eq(entries.roundId, entry.roundId))),
    )
    .returning({ id: payments.id });
  if (!inserted) throw notFound("Entry not found");
  return { paymentId: inserted.id, playerName: entry.name, amountCents: input.amountCents };
}
