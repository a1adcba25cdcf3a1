import { linkOrigin } from "~/.server/app-url";
import { getDb } from "~/.server/db/client";
import { type Job, JobSchema, jobKey } from "~/.server/jobs";
import { leagueFromEnv } from "~/.server/league";
import { type MailBinding, type MailSender, bindingSender } from "~/.server/mail/mailer";
import { sendResetMail } from "~/.server/services/reset-mail";

export const JOBS_QUEUE = "league-jobs";

export type QueueEnv = Env & { MAIL: MailBinding };

/** What jobs reach the outside world through; tests pass stand-ins that record. */
export type JobDeps = { sendMail: MailSender };

const realDeps = (env: QueueEnv): JobDeps => ({ sendMail: bindingSender(env.MAIL, env.MAIL_FROM) });

/**
 * Runs one parsed job. `key` identifies the job across deliveries: every effect is keyed
 * on it, so a second run changes nothing the first one finished (ADR 10). A thrown error
 * retries the message.
 */
async function runJob(job: Job, key: string, env: QueueEnv, deps: JobDeps): Promise<void> {
  switch (job.type) {
    case "password-reset": {
      await sendResetMail(
        getDb(env.DB),
        { jobId: key, email: job.email },
        { secret: env.SESSION_SECRET, linkOrigin: linkOrigin(env.APP_URL, job.origin), leagueName: leagueFromEnv(env).name, send: deps.sendMail },
      );
      return;
    }
  }
}

async function handleJobs(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = JobSchema.safeParse(msg.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it rather than retry it forever.
      console.error("Dropping malformed job", msg.id, parsed.error.issues[0]?.message);
      msg.ack();
      continue;
    }
    try {
      await runJob(parsed.data, jobKey(parsed.data, msg.id), env, deps);
      msg.ack();
    } catch (err) {
      console.error("Job failed, will retry", msg.id, err);
      msg.retry();
    }
  }
}

export function handleQueue(batch: MessageBatch<unknown>, env: QueueEnv, deps: JobDeps = realDeps(env)): Promise<void> {
  return handleJobs(batch, env, deps);
}
