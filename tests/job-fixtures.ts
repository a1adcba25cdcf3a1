// Helpers for queue jobs: a mail stand-in that records what a job sent, the reset job run
// as the consumer runs it, and messages delivered to the consumer as the queue would.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Job } from "~/.server/jobs";
import type { Mail, MailSender } from "~/.server/mail/mailer";
import type { PushTransport } from "~/.server/services/messages/deliver";
import { type ResetMailOutcome, sendResetMail } from "~/.server/services/accounts/reset-mail";
import { JOBS_QUEUE, type QueueEnv, handleQueue } from "../workers/queue/consumer";
import { testDb } from "./fixtures";

/** Records every mail a job hands over (`tried`) and those that went out (`sent`); `fail` plays a mail service that is down. */
export function recordMail(opts: { fail?: boolean } = {}) {
  const tried: Mail[] = [];
  const sent: Mail[] = [];
  const send: MailSender = async (mail) => {
    tried.push(mail);
    if (opts.fail) throw new Error("mail service down");
    sent.push(mail);
  };
  return { tried, sent, send };
}

/** The token in a reset mail's link. */
export const tokenInMail = (mail: Mail | undefined) => (mail ? /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined);

/** Runs the reset job `jobId` for `email` as the queue consumer does (a new job unless given). */
export function runResetJob(email: string, send: MailSender, jobId: string = crypto.randomUUID()): Promise<ResetMailOutcome> {
  return sendResetMail(
    testDb(),
    { jobId, email },
    { secret: env.SESSION_SECRET, linkOrigin: env.APP_URL, leagueName: "Test League", send },
  );
}

/** What POST /api/users/forgot-password puts on the queue: a new job with its own id. */
export const resetJob = (email: string): Job => ({ type: "password-reset", id: crypto.randomUUID(), email });

let seq = 0;
/** A message id the queue might give (redeliveries of one message keep theirs). */
export const messageId = () => `msg-${++seq}-${crypto.randomUUID().slice(0, 8)}`;

export type Delivery = { body: unknown; id?: string; attempts?: number };

/**
 * Delivers one batch to the Worker's queue handler. Mail goes to `send` when given,
 * else through the real sender to `env`'s MAIL binding. `retries` lists the retried
 * messages with the delay each asked for: @cloudflare/vitest-plugin 1.5.0's message
 * ignores retry()'s options (getQueueResult never fills in delaySeconds), so the
 * options are recorded here on the way in. `push` (with `send`): the push services' stand-in.
 */
export async function deliver(
  deliveries: Delivery[],
  opts: { queue?: string; send?: MailSender; push?: PushTransport; env?: QueueEnv } = {},
) {
  const batch = createMessageBatch(
    opts.queue ?? JOBS_QUEUE,
    deliveries.map((d) => ({ id: d.id ?? messageId(), timestamp: new Date(), attempts: d.attempts ?? 1, body: d.body })),
  );
  const delays = new Map<string, number | undefined>();
  for (const msg of batch.messages) {
    const retry = msg.retry.bind(msg);
    msg.retry = (options?: QueueRetryOptions) => {
      delays.set(msg.id, options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await handleQueue(batch, opts.env ?? (env as QueueEnv), opts.send ? { sendMail: opts.send, push: opts.push } : undefined);
  const result = await getQueueResult(batch, ctx);
  const retries = result.retryMessages.map(({ msgId }) => ({ msgId, delaySeconds: delays.get(msgId) }));
  return { result, retries, ids: batch.messages.map((m) => m.id) };
}
