import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { leaguePrefs, rounds, waitlist, waitlistNotices } from "../../db/schema";
import type { MailSender } from "../../mail/mailer";
import type { RegistrationMailContext } from "../../mail/registration-mail";
import { sendInGroups } from "../../mail/send-groups";
import { allWithAccounts } from "../../mail/recipients";
import { isLeagueMemberSql } from "../players/league-member";
import { waitlistMail } from "../../mail/waitlist-mail";
import { enqueue, newJobId } from "../../jobs";
import { nowSeconds } from "~/lib/shared/time";

// The queue consumer's half of the waitlist's news (ADR 28, keyed like ADR 18's mails):
// every notice not yet mailed, of a user who asked the league for it (`league_prefs`) and
// whose account is not locked, is mailed and then marked, a group at a time; a redelivered
// job finds them marked and mails nobody twice. A notice older than a day is news no longer:
// an opt-in made later does not mail it. The address and the lock are the account's, read
// apart from the league's rows (mail/recipients.ts, ADR 46).

const FRESH_SECONDS = 86_400;

export async function sendWaitlistMails(db: Db, ctx: RegistrationMailContext & { send: MailSender }) {
  const unmailed = () =>
    db
      .select({
        id: waitlistNotices.id,
        kind: waitlistNotices.kind,
        offerExpiresAt: waitlist.offerExpiresAt,
        userId: waitlist.userId,
        round: { id: rounds.id, name: rounds.name, startsAt: rounds.startsAt, location: rounds.location },
      })
      .from(waitlistNotices)
      .innerJoin(waitlist, eq(waitlist.id, waitlistNotices.waitlistId))
      .innerJoin(rounds, eq(rounds.id, waitlist.roundId))
      .innerJoin(leaguePrefs, and(inLeague(db, leaguePrefs), eq(leaguePrefs.userId, waitlist.userId), eq(leaguePrefs.notifyWaitlist, true)))
      .where(
        and(
          inLeague(db, waitlistNotices),
          isNull(waitlistNotices.mailedAt),
          gte(waitlistNotices.createdAt, nowSeconds() - FRESH_SECONDS),
          // Still the league's member as the job sends (ADR 46): a claim undone since hears nothing.
          isLeagueMemberSql(db, sql`${waitlist.userId}`),
        ),
      )
      .orderBy(waitlistNotices.id);
  const pending = await allWithAccounts(db, unmailed);
  const outcome = await sendInGroups(
    pending,
    (n) => ctx.send(waitlistMail(n, n.round, n, ctx)),
    (handedOver) =>
      db
        .update(waitlistNotices)
        .set({ mailedAt: nowSeconds() })
        .where(
          and(
            inLeague(db, waitlistNotices),
            inArray(
              waitlistNotices.id,
              handedOver.map((n) => n.id),
            ),
            isNull(waitlistNotices.mailedAt),
          ),
        ),
  );
  if (outcome.failed > 0) throw new Error(`${outcome.failed} of ${pending.length} waitlist mails could not be sent`);
  return outcome;
}

/**
 * The after-write runner's last step (workers/after-write.ts), when a write left the
 * waitlist news (its notices, written by triggers as a place on the list changes): one job
 * to mail them, when there are any. The write stands whatever happens here; notices not
 * mailed wait for the next.
 */
export async function queueWaitlistMails(db: Db, jobs: Queue, origin?: string): Promise<void> {
  try {
    const [unmailed] = await db
      .select({ id: waitlistNotices.id })
      .from(waitlistNotices)
      .where(
        and(inLeague(db, waitlistNotices), isNull(waitlistNotices.mailedAt), gte(waitlistNotices.createdAt, nowSeconds() - FRESH_SECONDS)),
      )
      .limit(1);
    if (unmailed) await enqueue(jobs, { type: "waitlist-mails", id: newJobId(), leagueId: db.leagueId, origin });
  } catch (err) {
    console.error("Could not queue the waitlist mails", err);
  }
}
