import { linkOrigin } from "~/.server/app-url";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { type MailBinding, sendMail } from "~/.server/mail/mailer";
import { createResetMail } from "~/.server/services/password-reset";
import { type Job, JobSchema } from "~/.server/jobs";

export type QueueEnv = Env & { MAIL: MailBinding };

/** Runs one parsed job; a thrown error retries the message (then the dead letter queue). */
async function runJob(job: Job, env: QueueEnv): Promise<void> {
  switch (job.type) {
    case "password-reset": {
      const db = getDb(env.DB);
      const mail = await createResetMail(db, job.email, linkOrigin(env.APP_URL, job.origin), leagueFromEnv(env).name);
      if (mail) await sendMail(env.MAIL, env.MAIL_FROM, mail);
      return;
    }
  }
}

export async function handleQueue(batch: MessageBatch<unknown>, env: QueueEnv): Promise<void> {
  for (const msg of batch.messages) {
    const parsed = JobSchema.safeParse(msg.body);
    if (!parsed.success) {
      // A malformed message can never succeed: drop it rather than retry it forever.
      console.error("Dropping malformed job", msg.id, parsed.error.issues[0]?.message);
      msg.ack();
      continue;
    }
    try {
      await runJob(parsed.data, env);
      msg.ack();
    } catch (err) {
      console.error("Job failed, will retry", msg.id, err);
      msg.retry();
    }
  }
}
