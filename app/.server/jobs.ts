import { z } from "zod";
import { EmailSchema } from "~/schemas/auth";

// Every job on the queue, one schema per kind: producers build a Job, the consumer
// (workers/queue/consumer.ts) parses each message with JobSchema.
export const JobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("password-reset"), email: EmailSchema }),
]);
export type Job = z.infer<typeof JobSchema>;

export function enqueue(jobs: Queue, job: Job): Promise<unknown> {
  return jobs.send(job);
}
