import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { rounds } from "../db/schema";
import { conflict, notFound } from "../errors";
import { commitRoundChange } from "./round-entries";
import type { RoundValuesSchema } from "~/schemas/rounds";

// Scheduling rounds (issue 10): save, delete, open or close registration. A round that
// has entries or payments holds money history and is never deleted.

export type RoundValues = z.infer<typeof RoundValuesSchema>;

const row = (v: RoundValues) => ({
  d: v.d,
  n: v.n,
  loc: v.loc,
  feePdgaCents: v.fee_pdga,
  feeCourseCents: v.fee_course,
  feeOtherCents: v.fee_other,
  aceCents: v.ace,
  payoutCents: v.payout,
  pdgaUrl: v.pdga_url,
});

/** Saves the round with `id`, or creates one without: answers the round's id. */
export async function saveRound(db: Db, id: number | null | undefined, values: RoundValues): Promise<number> {
  if (!id) {
    const [created] = await db.insert(rounds).values(row(values)).returning({ id: rounds.id });
    if (!created) throw new Error("the round insert returned no row");
    return created.id;
  }
  // A new payout per entry changes the round's prizes: they are rewritten in the same batch.
  return commitRoundChange(db, id, (state) => ({
    statements: [db.update(rounds).set(row(values)).where(eq(rounds.id, id))],
    after: state.entries,
    roundPayoutCents: values.payout,
    guardPlayers: [],
    answer: () => id,
  }));
}

/** Opens or closes a round's registration. */
export async function setRegistration(db: Db, id: number, open: boolean): Promise<void> {
  const [saved] = await db.update(rounds).set({ openForRegistration: open }).where(eq(rounds.id, id)).returning({ id: rounds.id });
  if (!saved) throw notFound("Round not found");
}

/**
 * Deletes a round with no entries and no payments; otherwise 409 saying what it holds
 * (remove the entries first). The check is part of the delete.
 */
export async function deleteRound(db: Db, id: number): Promise<void> {
  const [gone] = await db.all<{ id: number }>(sql`
    delete from rounds where id = ${id}
      and not exists (select 1 from entries where round_id = ${id})
      and not exists (select 1 from payments where round_id = ${id})
    returning id`);
  if (gone) return;
  const [held] = await db.all<{ entries: number; payments: number }>(sql`
    select (select count(*) from entries where round_id = r.id) as entries,
           (select count(*) from payments where round_id = r.id) as payments
    from rounds r where r.id = ${id}`);
  if (!held) throw notFound("Round not found");
  const what = [
    held.entries ? `${held.entries} ${held.entries === 1 ? "entry" : "entries"}` : null,
    held.payments ? `${held.payments} ${held.payments === 1 ? "payment" : "payments"}` : null,
  ].filter(Boolean);
  throw conflict(`This round has ${what.join(" and ")}, so it cannot be deleted. Remove its entries first.`);
}
