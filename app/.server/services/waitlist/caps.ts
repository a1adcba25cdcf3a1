import { and, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { roundChanged } from "../rounds/versions";
import { type FollowUp, settleWaitlistOf } from "../../follow-ups";
import type { FieldCaps } from "~/lib/waitlist/field-places";

// An admin setting a round's field caps (ADR 28), from the version of the round they read
// (ADR 20). A cap raised or removed frees places: they go to the waitlist at once. A cap
// lowered below the field removes nobody; it only stops new entries.

/** Answers what the save leaves for after it (ADR 44): a place a raised cap freed goes to the waitlist. */
export async function saveFieldCaps(db: Db, roundId: number, caps: FieldCaps & { version: number }): Promise<FollowUp[]> {
  const divisions = Object.keys(caps.divisions).length ? JSON.stringify(caps.divisions) : null;
  const [saved] = await db
    .update(rounds)
    .set({ fieldCap: caps.total, divisionCaps: divisions })
    .where(and(inLeague(db, rounds), eq(rounds.id, roundId), eq(rounds.version, caps.version)))
    .returning({ id: rounds.id });
  if (!saved) {
    const [exists] = await db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId)));
    throw exists ? roundChanged() : notFound("Round not found");
  }
  return [settleWaitlistOf(roundId)];
}
