import { z } from "zod";
import { PaymentEventSchema } from "~/.server/paypal/events";
import { EmailSchema } from "~/schemas/auth";
import { NoticeSchema } from "~/schemas/notices";

// Every job on the queue, one schema per kind: producers build a Job, the consumer
// (workers/queue/consumer.ts) parses each message with JobSchema.
//
// Every job carries an `id`, made once by its producer. The queue delivers at least
// once, so a job may run twice; its effect is keyed on this id and so happens once
// (ADR 10). The id is optional only for messages enqueued before ids existed: the
// consumer keys those on the queue message's id.
const JobId = z.uuid();

// The league a job acts for (ADR 46): every job but a password reset (an account's) carries
// it; a message queued before leagues names none and acts for the default league.
const LeagueId = z.number().int().positive().optional();

export const JobSchema = z.discriminatedUnion("type", [
  // origin: the origin the request was made to; links use it only locally (app-url.ts).
  z.object({ type: z.literal("password-reset"), id: JobId.optional(), email: EmailSchema, origin: z.string().max(200).optional() }),
  // A verified PayPal webhook event (workers/api/paypal.ts); its effect is keyed on the event id.
  z.object({ type: z.literal("paypal-event"), id: JobId.optional(), leagueId: LeagueId, event: PaymentEventSchema }),
  // Re-rate the rounds dated `since` or later (every round without it); naturally idempotent (ADR 17).
  z.object({ type: z.literal("ratings"), id: JobId.optional(), leagueId: LeagueId, since: z.number().int().safe().optional() }),
  // Registration opened for a round (services/rounds/registration.ts): one mail per opted-in user,
  // keyed on (round, user, day), so the job's own id only names it in logs.
  z.object({
    type: z.literal("registration-opened"),
    id: JobId.optional(),
    leagueId: LeagueId,
    roundId: z.number().int().positive(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    origin: z.string().max(200).optional(),
  }),
  // A round's cards were published (services/cards/card-publish.ts): the `cards` message to
  // every player on a card with an account (ADR 49), keyed on (round, publishedAt), then delivered.
  z.object({
    type: z.literal("cards-published"),
    id: JobId.optional(),
    leagueId: LeagueId,
    roundId: z.number().int().positive(),
    publishedAt: z.number().int().positive(),
    origin: z.string().max(200).optional(),
  }),
  // A waitlist changed (services/waitlist/): each notice not yet told becomes a `waitlist`
  // message (ADR 49), marked in the same batch, then delivered; the job's own id only names it in logs.
  z.object({ type: z.literal("waitlist-mails"), id: JobId.optional(), leagueId: LeagueId, origin: z.string().max(200).optional() }),
  // An account was deleted (services/accounts/user-admin.ts): one job per league lets go of it
  // in that league's rows (services/players/account-rows.ts); naturally idempotent.
  z.object({ type: z.literal("release-account"), id: JobId.optional(), leagueId: LeagueId, userId: z.number().int().positive() }),
  // A message to deliver (services/messages/deliver.ts, ADR 49): each recipient's copy is
  // claimed and marked once sent, so a redelivered job sends nobody anything twice.
  z.object({
    type: z.literal("deliver-message"),
    id: JobId.optional(),
    leagueId: LeagueId,
    key: z.string().min(1).max(200),
    origin: z.string().max(200).optional(),
  }),
  // Something the league tells its players by itself (services/messages/notices.ts, ADR 49):
  // the message is made once by its key, then delivered, so a retry sends only what is left.
  z.object({
    type: z.literal("notify"),
    id: JobId.optional(),
    leagueId: LeagueId,
    notice: NoticeSchema,
    origin: z.string().max(200).optional(),
  }),
  // A cancelled round's PayPal payment asked back (services/rainouts/paypal-back.ts, ADR 50):
  // the capture refunded with PayPal-Request-Id cancel-refund-{paymentId}, so a redelivered
  // job refunds once, and the refund recorded by PayPal's refund id, once with the webhook.
  z.object({
    type: z.literal("refund-payment"),
    id: JobId.optional(),
    leagueId: LeagueId,
    paymentId: z.number().int().positive(),
    amountCents: z.number().int().positive(),
    origin: z.string().max(200).optional(),
  }),
  // An invitation to a league (services/accounts/invites.ts): its token is made from the job's
  // id, so the job is the only place but the mail that can make it again.
  z.object({
    type: z.literal("league-invite"),
    id: JobId.optional(),
    leagueId: LeagueId,
    inviteId: z.number().int().positive(),
    origin: z.string().max(200).optional(),
  }),
]);
export type Job = z.infer<typeof JobSchema>;

/** A job as producers enqueue it: always with a fresh id, and a league's job with its league. */
export type NewJob = (Extract<Job, { type: "password-reset" }> | (Exclude<Job, { type: "password-reset" }> & { leagueId: number })) & {
  id: string;
};

export const newJobId = (): string => crypto.randomUUID();

export function enqueue(jobs: Queue, job: NewJob): Promise<unknown> {
  return jobs.send(job);
}

/** The most messages one `sendBatch` takes. */
const QUEUE_BATCH = 100;

/** Many jobs, a queue batch at a time. */
export async function enqueueAll(jobs: Queue, list: readonly NewJob[]): Promise<void> {
  for (let i = 0; i < list.length; i += QUEUE_BATCH) {
    await jobs.sendBatch(list.slice(i, i + QUEUE_BATCH).map((body) => ({ body })));
  }
}

/** The key a job's effect is stored under: its own id, else (older messages) the message's. */
export const jobKey = (job: Job, messageId: string): string => job.id ?? messageId;
