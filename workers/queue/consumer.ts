import type { FollowUp } from "~/.server/follow-ups";
import { linkOrigin, servedLocally } from "~/.server/app-url";
import { getDb } from "~/.server/db/client";
import { type Job, JobSchema, jobKey } from "~/.server/jobs";
import { leagueFromEnv } from "~/.server/league";
import { type MailBinding, type MailSender, bindingSender, printLinks } from "~/.server/mail/mailer";
import { applyPaymentEvent } from "~/.server/services/signup/paypal-events";
import { recomputeRatings } from "~/.server/services/ratings/round-ratings";
import { sendResetMail } from "~/.server/services/accounts/reset-mail";
import { sendRegistrationMails } from "~/.server/services/rounds/registration-mails";
import { sendCardMails } from "~/.server/services/night/card-mails";
import { sendWaitlistMails } from "~/.server/services/waitlist/waitlist-mails";
import { markWebhookEventApplied, webhookEventApplied } from "~/.server/services/signup/webhook-events";
import type { Actor } from "../audit-actor";
import { withWriteStamps } from "../league-guard";
import { handleDeadLetters } from "./dead-letters";

// The queue names in wrangler.toml: one Worker consumes both.
export const JOBS_QUEUE = "league-jobs";
export const DEAD_LETTER_QUEUE = "league-jobs-dlq";

export type QueueEnv = Env & { MAIL: MailBinding };

/** What jobs reach the outside world through; tests pass stand-ins that record. */
export type JobDeps = { sendMail: MailSender };

const realDeps = (env: QueueEnv): JobDeps => ({ sendMail: bindingSender(env.MAIL, env.MAIL_FROM) });

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

/**
 * Runs one parsed job. `key` identifies the job across deliveries: every effect is keyed
 * on it, so a second run changes nothing the first one finished (ADR 10). A thrown error
 * retries the message.
 */
/** Runs one job: what its writes leave for after them (ADR 44). */
async function runJob(job: Job, key: string, env: QueueEnv, deps: JobDeps): Promise<FollowUp[]> {
  switch (job.type) {
    case "password-reset": {
      // A reset asked for on a local server: its link is also printed (mailer.ts, printLinks).
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      await sendResetMail(
        getDb(env.DB, leagueFromEnv(env).id),
        { jobId: key, email: job.email },
        {
          secret: env.SESSION_SECRET,
          linkOrigin: linkOrigin(env.APP_URL, job.origin),
          leagueName: leagueFromEnv(env).name,
          send,
        },
      );
      return [];
    }
    case "registration-opened": {
      // Keyed on (round, user, day) rather than the job id: an opening, a close and a
      // second opening the same day are two jobs with one set of mails.
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      const { timeZone, name } = leagueFromEnv(env);
      const outcome = await sendRegistrationMails(
        getDb(env.DB, leagueFromEnv(env).id),
        { roundId: job.roundId, day: job.day },
        { secret: env.SESSION_SECRET, linkOrigin: linkOrigin(env.APP_URL, job.origin), leagueName: name, timeZone, send },
      );
      console.log(`Registration mails for round ${job.roundId} (${job.day}), job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "cards-published": {
      // Keyed on (round, user, publishedAt): a redelivery, or a job of a publish made since, mails nobody twice.
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      const { timeZone, name } = leagueFromEnv(env);
      const outcome = await sendCardMails(
        getDb(env.DB, leagueFromEnv(env).id),
        { roundId: job.roundId, publishedAt: job.publishedAt },
        { linkOrigin: linkOrigin(env.APP_URL, job.origin), leagueName: name, timeZone, send },
      );
      console.log(`Card mails for round ${job.roundId} (published ${job.publishedAt}), job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "waitlist-mails": {
      // Each notice is marked once mailed: a redelivery mails nobody twice.
      const send = servedLocally(env.APP_URL, job.origin) ? printLinks(deps.sendMail) : deps.sendMail;
      const { timeZone, name } = leagueFromEnv(env);
      const outcome = await sendWaitlistMails(getDb(env.DB, leagueFromEnv(env).id), {
        linkOrigin: linkOrigin(env.APP_URL, job.origin),
        leagueName: name,
        timeZone,
        send,
      });
      console.log(`Waitlist mails, job ${key}:`, JSON.stringify(outcome));
      return [];
    }
    case "paypal-event": {
      // Keyed on PayPal's event id: a replayed or redelivered event is applied once, and
      // applying it is idempotent in itself (by order and capture id) should two runs overlap.
      const db = getDb(env.DB, leagueFromEnv(env).id);
      const { event } = job;
      if (await webhookEventApplied(db, event.eventId)) return [];
      const result = await applyPaymentEvent(db, event);
      console.log(`PayPal event ${event.eventId} (${event.kind}): ${result.value}`);
      await markWebhookEventApplied(db, event.eventId, event.kind);
      // An entry it made closes its player's place on a list: the news, after the job (ADR 44).
      return result.followUps;
    }
    case "ratings": {
      // Re-rating is idempotent in itself: a second run finds nothing to change. A write
      // that raced it throws, and the retry re-reads (ADR 17).
      const started = Date.now();
      const r = await recomputeRatings(getDb(env.DB, leagueFromEnv(env).id), job.since);
      console.log(
        `Ratings from ${job.since ?? "the first round"}: ${r.rounds} rounds, ${r.entries} entries, ${r.changed} changed, ${Date.now() - started} ms`,
      );
      return [];
    }
  }
}

async function handleJobs(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps): Promise<FollowUp[]> {
  const followUps: FollowUp[] = [];
  for (const msg of batch.messages) {
    const parsed = JobSchema.safeParse(msg.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it rather than retry it forever.
      console.error("Dropping malformed job", msg.id, parsed.error.issues[0]?.message);
      msg.ack();
      continue;
    }
    try {
      // Money a job moves is PayPal's doing (a capture, a refund); the other jobs move none.
      const actor: Actor = { userId: null, role: parsed.data.type === "paypal-event" ? "paypal" : "system" };
      followUps.push(
        ...(await runJob(parsed.data, jobKey(parsed.data, msg.id), { ...env, DB: withWriteStamps(env.DB, () => actor) }, deps)),
      );
      msg.ack();
    } catch (err) {
      const delaySeconds = retryDelaySeconds(msg.attempts);
      console.error(`Job ${parsed.data.type} failed on try ${msg.attempts}, retrying in ${delaySeconds} s`, msg.id, err);
      msg.retry({ delaySeconds });
    }
  }
  return followUps;
}

/** The Worker's queue handler: jobs are run, dead letters are reported. Answers what the jobs left for after them. */
export async function handleQueue(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps = realDeps(env)): Promise<FollowUp[]> {
  if (batch.queue === DEAD_LETTER_QUEUE) {
    await handleDeadLetters(batch);
    return [];
  }
  return handleJobs(batch, env, deps);
}
