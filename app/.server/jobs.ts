import { z } from "zod";
import { EmailSchema } from "~/schemas/auth";

// Every job on the queue, one schema per kind: producers build a Job, the consumer
// (workers/queue/consumer.ts) parses each message with JobSchema.
export const JobSchema = z.discriminatedUnion("type", [
  // origin: the origin the request was made to; links use it only locally (app-url.ts).
  z.object({ type: z.literal("password-reset"), email: EmailSchema, origin: z.string().max(200).optional() }),
]);
export type Job = z.infer<typeof JobSchema>;

export function enqueue(jobs: Queue, job: Job): Promise<unknown> {
  return jobs.send(job);
}
