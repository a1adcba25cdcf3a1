import { sql } from "drizzle-orm";
import { entries, rounds } from "../../db/schema";
import { entrySidePotsCentsSql } from "../sidepots/pot-sql";

/**
 * What an entry's money on the night is computed from (roundMoneyOf, app/lib/signup/pricing.ts):
 * the entry's choices and the round's fees, for a select over entries joined to rounds.
 * The entry's id is aliased: D1 answers a batch's rows by column name (ADR 41).
 */
export const entryMoneyColumns = {
  entryId: sql<number>`${entries.id}`.as("entry_id"),
  playerId: entries.playerId,
  ace: entries.ace,
  creditUsedCents: entries.creditUsedCents,
  checkedInAt: entries.checkedInAt,
  feePdgaCents: rounds.feePdgaCents,
  feeCourseCents: rounds.feeCourseCents,
  feeOtherCents: rounds.feeOtherCents,
  aceCents: rounds.aceCents,
  payoutCents: rounds.payoutCents,
  sidePotsCents: entrySidePotsCentsSql(sql`${entries.id}`).mapWith(Number),
};
