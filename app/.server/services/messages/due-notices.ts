import { and, gt, isNull, lte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { messages, rounds } from "../../db/schema";
import { type FollowUp, notify } from "../../follow-ups";
import { getLeagueSettings } from "../settings/league-settings";
import { checkInWindow, windowState } from "~/lib/night/night";
import { nowSeconds } from "~/lib/shared/time";

// The notices the clock makes (ADR 49): a reminder before a round, and what is owed once its
// check-in opens. The cron asks every minute; notices.ts makes each message.

/** The reminder goes this long before a round's start (the cron, each minute). */
export const REMINDER_SECONDS = 4 * 3600;

/**
 * The cron's step (workers/worker.ts, each minute): the reminders of rounds starting within
 * REMINDER_SECONDS and the owed notices of rounds whose check-in is open, not yet made. Each
 * is made once by its key (a round moved gets a new one); what the cron asks again before
 * the job ran is made once all the same.
 */
export async function dueNotices(db: Db, now = nowSeconds()): Promise<FollowUp[]> {
  const settings = await getLeagueSettings(db);
  const horizon = Math.max(REMINDER_SECONDS, settings.checkInOpensMinutes * 60);
  const soon = await db
    .select({ id: rounds.id, startsAt: rounds.startsAt })
    .from(rounds)
    .where(and(inLeague(db, rounds), gt(rounds.startsAt, now), lte(rounds.startsAt, now + horizon), isNull(rounds.cancelledAt)));
  const due = soon.flatMap((r) => {
    const kinds = [
      ...(r.startsAt - now <= REMINDER_SECONDS ? (["reminder"] as const) : []),
      ...(windowState(checkInWindow(r.startsAt, settings.checkInOpensMinutes), now) === "open" ? (["owed"] as const) : []),
    ];
    return kinds.map((kind) => ({ notice: { kind, roundId: r.id, startsAt: r.startsAt }, key: `${kind}:${r.id}:${r.startsAt}` }));
  });
  if (due.length === 0) return [];
  const made = await db
    .select({ key: messages.key })
    .from(messages)
    .where(and(inLeague(db, messages), sql`${messages.key} in (select value from json_each(${JSON.stringify(due.map((d) => d.key))}))`));
  const done = new Set(made.map((m) => m.key));
  return due.filter((d) => !done.has(d.key)).map((d) => notify(d.notice));
}
