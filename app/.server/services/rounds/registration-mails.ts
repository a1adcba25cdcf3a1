import { type SQL, and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { nowSeconds } from "~/lib/shared/time";
import { unsubscribeUrls } from "../../auth/unsubscribe-link";
import { type Db, inLeague } from "../../db/client";
import { leaguePrefs, registrationMails, rounds } from "../../db/schema";
import type { MailSender } from "../../mail/mailer";
import { type RegistrationMailContext, registrationMail } from "../../mail/registration-mail";
import { sendInGroups } from "../../mail/send-groups";
import { withAccounts } from "../../mail/recipients";
import { hearsFromLeagueSql } from "../players/league-member";

// The queue consumer's half of "registration opened" (ADR 10, like reset-mail.ts): one
// mail per opted-in, unlocked user per (round, league day), however often the job runs.
// - Every recipient gets a registration_mails row keyed (round, user, day), inserted once
//   (INSERT OR IGNORE) from the league's preferences in one statement, so 1,500 users are
//   no 1,500 round trips and a second run adds nothing.
// - A mail goes out only for a row whose mailed_at is null, and mailed_at is set once it
//   was handed over: a second delivery finds every row done and sends nothing; a run
//   after a failed send sends only what is still missing.
// - Opening, closing and opening again the same day is the same key: nobody twice. A
//   later day's opening is a new key: everyone opted in hears again.
// - Who wants it and still belongs to the league is the league's rows (`league_prefs`,
//   memberships); the address, the name and the lock are the account's, read apart
//   (mail/recipients.ts, ADR 46): a locked account's row waits unmailed.

export type RegistrationMailJob = { roundId: number; day: string };
export type RegistrationMailRunContext = RegistrationMailContext & { secret: string; send: MailSender };
export type RegistrationMailOutcome =
  | { status: "no-round" | "closed" }
  | { status: "done"; sent: number; alreadyMailed: number; failed: number };

/** Rows read at a time (sent MAIL_GROUP at a time, mail/send-groups.ts). */
const PAGE = 100;

/** An account that asked the league for the mail and hears from it (checked again as the job sends, ADR 46). */
const wantsIt = (db: Db, userId: SQL) => sql`exists (select 1 from ${leaguePrefs} p
    where p.league_id = ${db.leagueId} and p.user_id = ${userId} and p.notify_registration = 1)
  and ${hearsFromLeagueSql(db, userId)}`;

/**
 * Runs one registration-opened job. Nothing is sent for a round that is gone or whose
 * registration was closed again before the job ran (its next opening sends). Throws after
 * the whole list when some mail could not be handed over, so the queue retries just those.
 */
export async function sendRegistrationMails(
  db: Db,
  job: RegistrationMailJob,
  ctx: RegistrationMailRunContext,
): Promise<RegistrationMailOutcome> {
  const [round] = await db
    .select({
      id: rounds.id,
      name: rounds.name,
      startsAt: rounds.startsAt,
      location: rounds.location,
      open: rounds.openForRegistration,
      cancelledAt: rounds.cancelledAt,
    })
    .from(rounds)
    .where(and(inLeague(db, rounds), eq(rounds.id, job.roundId)));
  if (!round) return { status: "no-round" };
  // Closed again, cancelled (ADR 50), or started (ADR 39: a job retried past the start announces nothing).
  if (!round.open || round.cancelledAt !== null || round.startsAt <= nowSeconds()) return { status: "closed" };

  await db.run(sql`insert or ignore into ${registrationMails} (league_id, round_id, user_id, day)
    select ${db.leagueId}, ${round.id}, q.user_id, ${job.day} from ${leaguePrefs} q
    where q.league_id = ${db.leagueId} and q.notify_registration = 1 and ${hearsFromLeagueSql(db, sql`q.user_id`)}`);
  const key = and(inLeague(db, registrationMails), eq(registrationMails.roundId, round.id), eq(registrationMails.day, job.day));
  const [{ done }] = await db
    .select({ done: sql<number>`count(*)` })
    .from(registrationMails)
    .where(and(key, sql`${registrationMails.mailedAt} is not null`));

  // The league's links for this league's mail: its pages, and its own unsubscribe (ADR 46).
  const league = { ...ctx.league, id: db.leagueId };
  let sent = 0;
  let failed = 0;
  // Keyset paging by user id: a failed or locked row stays pending and the loop still moves past it.
  const pending = (after: { userId: number } | null) =>
    db
      .select({ userId: registrationMails.userId })
      .from(registrationMails)
      .where(
        and(
          key,
          isNull(registrationMails.mailedAt),
          gt(registrationMails.userId, after?.userId ?? 0),
          wantsIt(db, sql`${registrationMails.userId}`),
        ),
      )
      .orderBy(registrationMails.userId)
      .limit(PAGE);
  for await (const page of withAccounts(db, pending, PAGE)) {
    const group = await sendInGroups(
      page,
      async (user) => ctx.send(registrationMail(user, round, await unsubscribeUrls(ctx.linkOrigin, ctx.secret, user.userId, league), ctx)),
      (handedOver) =>
        db
          .update(registrationMails)
          .set({ mailedAt: nowSeconds() })
          .where(
            and(
              key,
              inArray(
                registrationMails.userId,
                handedOver.map((u) => u.userId),
              ),
              isNull(registrationMails.mailedAt),
            ),
          ),
    );
    sent += group.sent;
    failed += group.failed;
  }
  if (failed > 0) throw new Error(`${failed} of ${failed + sent} registration mails for round ${round.id} could not be sent`);
  return { status: "done", sent, alreadyMailed: done, failed };
}
