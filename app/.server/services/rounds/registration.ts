import { and, eq, gt, lte, sql } from "drizzle-orm";
import { nowSeconds, todayInputValue } from "~/lib/shared/time";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { enqueue, newJobId } from "../../jobs";

// Opening and closing a round's registration: the one write every path uses (the
// /admin/rounds toggle, POST /api/admin/round/openForRegistration). Rounds are created and
// saved closed by the round form and the multi-editor, so this is the only way a round
// opens, and the only place that announces it. Registration closes by itself at the
// round's start (ADR 39): reads derive it (services/rounds/rounds.ts), a sign-up's batch
// guards it (registrationClosedGuard), and the cron settles the flag (closeStartedRounds).

export const REGISTRATION_MESSAGES = {
  started: (round: string) => `${round} has started, so its registration is closed.`,
} as const;

/**
 * A sign-up batch's guard (ADR 39): aborts it unless the round is open, not cancelled (ADR 50)
 * and its start is still to come by the database's clock when the batch runs, whatever the
 * request read.
 */
export const registrationClosedGuard = (db: Db, roundId: number) =>
  writeGuard(
    db,
    "registrationClosed",
    sql`not exists (select 1 from ${rounds} where ${rounds.leagueId} = ${db.leagueId} and ${rounds.id} = ${roundId} and ${rounds.openForRegistration} = 1 and ${rounds.cancelledAt} is null and ${rounds.startsAt} > unixepoch())`,
  );

/**
 * The cron's part (ADR 39): every round still flagged open whose start has passed is
 * closed, so the flag agrees with what every page already reads. Answers how many.
 */
export async function closeStartedRounds(db: Db, now = nowSeconds()): Promise<number> {
  const closed = await db
    .update(rounds)
    .set({ openForRegistration: false })
    .where(and(inLeague(db, rounds), eq(rounds.openForRegistration, true), lte(rounds.startsAt, now)))
    .returning({ id: rounds.id });
  return closed.length;
}

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
    const [saved] = await db
      .update(rounds)
      .set({ openForRegistration: false })
      .where(and(inLeague(db, rounds), eq(rounds.id, id)))
      .returning({ id: rounds.id });
    if (!saved) throw notFound("Round not found");
    return { opened: false };
  }
  const now = announce.now ?? nowSeconds();
  // Conditional on being closed: of two admins opening at once, one changes it, one announces.
  // And on the start to come: a round that has started stays closed (ADR 39).
  const [opened] = await db
    .update(rounds)
    .set({ openForRegistration: true })
    .where(and(inLeague(db, rounds), eq(rounds.id, id), eq(rounds.openForRegistration, false), gt(rounds.startsAt, now)))
    .returning({ id: rounds.id });
  if (!opened) {
    const [round] = await db
      .select({ name: rounds.name, startsAt: rounds.startsAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, id)));
    if (!round) throw notFound("Round not found");
    if (round.startsAt <= now) throw conflict(REGISTRATION_MESSAGES.started(round.name));
    return { opened: false };
  }
  const day = todayInputValue(announce.timeZone, now);
  try {
    await enqueue(announce.jobs, {
      type: "registration-opened",
      id: newJobId(),
      leagueId: db.leagueId,
      roundId: id,
      day,
      origin: announce.origin,
    });
  } catch (err) {
    await db
      .update(rounds)
      .set({ openForRegistration: false })
      .where(and(inLeague(db, rounds), eq(rounds.id, id), eq(rounds.openForRegistration, true)));
    throw err;
  }
  return { opened: true };
}
