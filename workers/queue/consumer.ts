import type { FollowUp } from "~/.server/follow-ups";
import { linkOrigin, servedLocally } from "~/.server/app-url";
import { getDb } from "~/.server/db/client";
import { type Job, JobSchema, jobKey } from "~/.server/jobs";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { type League, leagueOf } from "~/.server/league";
import { type MailBinding, type MailSender, bindingSender, printLinks } from "~/.server/mail/mailer";
import { applyPaymentEvent } from "~/.server/services/signup/paypal-events";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { sendResetMail } from "~/.server/services/accounts/reset-mail";
import { sendInviteMail } from "~/.server/services/accounts/invite-mail";
import { type DeliverDeps, type PushTransport, deliverMessage } from "~/.server/services/messages/deliver";
import { makeNotice } from "~/.server/services/messages/notices";
import { vapidOf } from "~/.server/push/config";
import { sendRegistrationMails } from "~/.server/services/rounds/registration-mails";
import { makeWaitlistMessages } from "~/.server/services/messages/waitlist-notices";
import { releaseAccount } from "~/.server/services/players/account-rows";
import { payPalFor } from "~/.server/paypal/config";
import { leaguePayPalRow } from "~/.server/services/signup/league-paypal";
import { refundAskedPayment } from "~/.server/services/rainouts/paypal-back";
import { markWebhookEventApplied, webhookEventApplied } from "~/.server/services/signup/webhook-events";
import type { Actor } from "../audit-actor";
import { withWriteStamps } from "../league-guard";
import { handleDeadLetters } from "./dead-letters";
import { leagueById } from "../league-directory";

// The queue names in wrangler.toml: one Worker consumes both.
export const JOBS_QUEUE = "league-jobs";
export const DEAD_LETTER_QUEUE = "league-jobs-dlq";

export type QueueEnv = Env & { MAIL: MailBinding };

/** What jobs reach the outside world through; tests pass stand-ins that record (mail) or speak the protocol (push). */
export type JobDeps = { sendMail: MailSender; push?: PushTransport };

const realDeps = (env: QueueEnv): JobDeps => ({ sendMail: bindingSender(env.MAIL, env.MAIL_FROM), push: (url, init) => fetch(url, init) });

// Backoff for a failed job: 10 s, 30 s, 90 s, 270 s, 810 s, then capped. With
// max_retries = 5 the last retry runs ~20 minutes after the first try, well inside a
// reset link's hour; after it the message goes to the dead-letter queue.
const RETRY_FIRST_SECONDS = 10;
const RETRY_FACTOR = 3;
const RETRY_MAX_SECONDS = 15 * 60;

/** How long to wait before the next try of a message that failed on try `attempts` (1 = first). */
export function retryDelaySeconds(attempts: number): number {
  const tries = Math.max(1, Math.floor(attempts) || 1);
  return Math.min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * RETRY_FACTOR ** (tries - 1));
}

/** How a job's messages reach the outside (ADR 49): pushes through `deps.push`, mail printed too when served locally. */
function deliveryOf(env: QueueEnv, deps: JobDeps, league: League, origin: string | undefined): DeliverDeps {
  return {
    push: deps.push ?? ((url, init) => fetch(url, init)),
    send: servedLocally(env.APP_URL, origin) ? printLinks(deps.sendMail) : deps.sendMail,
    vapid: vapidOf(env),
    secret: env.SESSION_SECRET,
    linkOrigin: linkOrigin(env.APP_URL, origin),
    league,
    allowLocal: servedLocally(env.APP_URL, env.APP_URL),
  };
}

/**
 * Runs one parsed job. `key` identifies the job across deliveries: every effect is keyed
 * on it, so a second run changes nothing the first one finished (ADR 10). A thrown error
 * retries the message.
 */
/** Runs one job: what its writes leave for after them (ADR 44). */
async function runJob(job: Job, key: string, env: QueueEnv, deps: JobDeps, league: League): Promise<FollowUp[]> {
  // The job's league (ADR 46): its reads and writes, and its mails' name, zone and links.
  const db = getDb(env.DB, league.id);
  const named = { leagueName: league.name, timeZone: league.timeZone, league };
  switch (job.type) {
    case "password-reset": {
      // A reset asked for on a local server: its link is also printed (mailer.ts, printLinks).
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      await sendResetMail(
        getDb(env.DB, league.id),
        { jobId: key, email: job.email },
        {
          secret: env.SESSION_SECRET,
          linkOrigin: linkOrigin(env.APP_URL, job.origin),
          leagueName: league.name,
          send,
        },
      );
      return [];
    }
    case "registration-opened": {
      // Keyed on (round, user, day) rather than the job id: an opening, a close and a
      // second opening the same day are two jobs with one set of mails.
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      const outcome = await sendRegistrationMails(
        db,
        { roundId: job.roundId, day: job.day },
        { secret: env.SESSION_SECRET, linkOrigin: linkOrigin(env.APP_URL, job.origin), ...named, send },
      );
      console.log(`Registration mails for round ${job.roundId} (${job.day}), job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "cards-published":
    case "notify": {
      // The message is made once by its key, then its copies not yet sent are delivered: a
      // redelivery, or a job of a publish made since, sends nobody anything twice (ADR 49).
      const notice = job.type === "notify" ? job.notice : { kind: "cards" as const, roundId: job.roundId, publishedAt: job.publishedAt };
      const made = await makeNotice(db, notice, league);
      if (made === null) {
        console.log(`Notice ${notice.kind} in league ${league.id}, job ${key}: nothing to tell`);
        return [];
      }
      const outcome = await deliverMessage(db, made, deliveryOf(env, deps, league, job.origin));
      console.log(`Message ${made} in league ${league.id}, job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "waitlist-mails": {
      // Each notice becomes its message once, marked told in the same batch; then every
      // waitlist message with copies left is delivered, those a failed try left included.
      const keys = await makeWaitlistMessages(db, league);
      const failed: unknown[] = [];
      for (const made of keys) {
        try {
          const outcome = await deliverMessage(db, made, deliveryOf(env, deps, league, job.origin));
          console.log(`Message ${made} in league ${league.id}, job ${key}:`, JSON.stringify(outcome));
        } catch (err) {
          failed.push(err);
        }
      }
      if (failed.length > 0) throw new Error(`${failed.length} of ${keys.length} waitlist messages to try again`, { cause: failed[0] });
      return [];
    }
    case "deliver-message": {
      // Each copy is claimed, then marked with what became of it: a redelivery sends nothing twice.
      const outcome = await deliverMessage(db, job.key, deliveryOf(env, deps, league, job.origin));
      console.log(`Message ${job.key} in league ${league.id}, job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "league-invite": {
      // The token is the job's: a run with another id finds no invitation to mail.
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      const outcome = await sendInviteMail(
        db,
        { jobId: key, inviteId: job.inviteId },
        { secret: env.SESSION_SECRET, linkOrigin: linkOrigin(env.APP_URL, job.origin), league, send },
      );
      console.log(`Invitation ${job.inviteId} in league ${league.id}, job ${key}: ${outcome}`);
      return [];
    }
    case "paypal-event": {
      // Keyed on PayPal's event id: a replayed or redelivered event is applied once, and
      // applying it is idempotent in itself (by order and capture id) should two runs overlap.
      const { event } = job;
      if (await webhookEventApplied(db, event.eventId)) return [];
      const result = await applyPaymentEvent(db, event);
      console.log(`PayPal event ${event.eventId} (${event.kind}): ${result.value}`);
      await markWebhookEventApplied(db, event.eventId, event.kind);
      // An entry it made closes its player's place on a list: the news, after the job (ADR 44).
      return result.followUps;
    }
    case "refund-payment": {
      // Through the league's PayPal (config.ts decides whose); idempotent by the refund's
      // request id and PayPal's refund id. PayPal unreachable or 5xx throws: the queue retries.
      // A refusal (4xx) is logged and left for the admin: the books flag the payment.
      const paypal = await payPalFor(env, job.origin ?? env.APP_URL, league, await leaguePayPalRow(db));
      const outcome = await refundAskedPayment(db, paypal, { paymentId: job.paymentId, amountCents: job.amountCents });
      console.log(`Refund of payment ${job.paymentId} in league ${league.id}, job ${key}: ${outcome}`);
      return [];
    }
    case "release-account": {
      // The league's rows let go of a deleted account (ADR 46): deletes and unlinks by its id,
      // which no account is ever given again, so a second run changes nothing.
      await releaseAccount(db, job.userId);
      console.log(`Account ${job.userId} released in league ${league.id}, job ${key}`);
      return [];
    }
    case "ratings": {
      // Re-rating is idempotent in itself: a second run finds nothing to change. A write
      // that raced it throws, and the retry re-reads (ADR 17).
      const started = Date.now();
      const r = await recomputeRatings(db, job.since);
      console.log(
        `Ratings from ${job.since ?? "the first round"}: ${r.rounds} rounds, ${r.entries} entries, ${r.changed} changed, ${Date.now() - started} ms`,
      );
      return [];
    }
  }
}

/** What a batch's jobs left for after them, per league: each league's runner runs its own (ADR 44, 46). */
export type LeagueFollowUps = { leagueId: number; followUps: FollowUp[] };

async function handleJobs(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps): Promise<LeagueFollowUps[]> {
  const byLeague = new Map<number, FollowUp[]>();
  for (const msg of batch.messages) {
    const parsed = JobSchema.safeParse(msg.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it rather than retry it forever.
      console.error("Dropping malformed job", msg.id, parsed.error.issues[0]?.message);
      msg.ack();
      continue;
    }
    const job = parsed.data;
    try {
      // A message from before leagues names none: the default league's (ADR 46).
      const row = await leagueById(env.DB, ("leagueId" in job && job.leagueId) || DEFAULT_LEAGUE_ID);
      if (!row) {
        // The league is gone: nothing of its can be done, ever.
        console.error(`Dropping job ${job.type} of a league that is gone`, msg.id);
        msg.ack();
        continue;
      }
      const league = leagueOf(row, env);
      // Money a job moves is PayPal's doing (a capture, a refund); the other jobs move none.
      const actor: Actor = { userId: null, role: job.type === "paypal-event" || job.type === "refund-payment" ? "paypal" : "system" };
      const stamped = { ...env, DB: withWriteStamps(env.DB, () => actor, league.id) };
      const left = await runJob(job, jobKey(job, msg.id), stamped, deps, league);
      byLeague.set(league.id, [...(byLeague.get(league.id) ?? []), ...left]);
      msg.ack();
    } catch (err) {
      const delaySeconds = retryDelaySeconds(msg.attempts);
      console.error(`Job ${job.type} failed on try ${msg.attempts}, retrying in ${delaySeconds} s`, msg.id, err);
      msg.retry({ delaySeconds });
    }
  }
  return [...byLeague].map(([leagueId, followUps]) => ({ leagueId, followUps }));
}

/** The Worker's queue handler: jobs are run, dead letters are reported. Answers what the jobs left for after them. */
export async function handleQueue(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps = realDeps(env)): Promise<LeagueFollowUps[]> {
  if (batch.queue === DEAD_LETTER_QUEUE) {
    await handleDeadLetters(batch);
    return [];
  }
  return handleJobs(batch, env, deps);
}
