import { z } from "zod";

// Every job on the queue, one schema per kind; the producers use the same type.
export const JobSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("noop") }),
]);
export type Job = z.infer<typeof JobSchema>;

/** Runs one parsed job; a thrown error retries the message (then the dead letter queue). */
async function runJob(job: Job, _env: Env): Promise<void> {
  switch (job.type) {
    case "noop":
      return;
  }
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
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
