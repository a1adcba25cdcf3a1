import { and, eq } from "drizzle-orm";
import { nowSeconds, todayInputValue } from "~/lib/time";
import type { Db } from "../../db/client";
import { rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { enqueue, newJobId } from "../../jobs";

// Opening and closing a round's registration: the one write every path uses (the
// /admin/rounds toggle, POST /api/admin/round/openForRegistration). Rounds are created and
// saved closed by the round form and the multi-editor, so this is the only way a round
// opens, and the only place that announces it.

/** What announcing an opening needs: the queue, the league's zone (its day) and the request's origin (links, locally). */
export type Announce = { jobs: Queue; timeZone: string; origin: string; now?: number };

/**
 * Opens or closes a round's registration. Only a change from closed to open enqueues the
 * registration mail, once, after the write: opening an open round again announces nothing.
 * If the job cannot be enqueued the round is closed again and the error thrown, so what
 * the admin sees (an error, registration closed) is what happened and a retry announces it.
 */
export async function setRegistration(db: Db, id: number, open: boolean, announce: Announce): Promise<{ opened: boolean }> {
  if (!open) {
    const [saved] = await db.update(rounds).set({ openForRegistration: false }).where(eq(rounds.id, id)).returning({ id: rounds.id });
    if (!saved) throw notFound("Round not found");
    return { opened: false };
  }
  // Conditional on being closed: of two admins opening at once, one changes it, one announces.
  const [opened] = await db
    .update(rounds)
    .set({ openForRegistration: true })
    .where(and(eq(rounds.id, id), eq(rounds.openForRegistration, false)))
    .returning({ id: rounds.id });
  if (!opened) {
    const [exists] = await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, id));
    if (!exists) throw notFound("Round not found");
    return { opened: false };
  }
  const day = todayInputValue(announce.timeZone, announce.now ?? nowSeconds());
  try {
    await enqueue(announce.jobs, { type: "registration-opened", id: newJobId(), roundId: id, day, origin: announce.origin });
  } catch (err) {
    await db
      .update(rounds)
      .set({ openForRegistration: false })
      .where(and(eq(rounds.id, id), eq(rounds.openForRegistration, true)));
    throw err;
  }
  return { opened: true };
}
