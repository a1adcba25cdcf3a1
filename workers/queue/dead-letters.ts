import { JobSchema } from "~/.server/jobs";

/** The job type a dead message claims, without trusting or echoing anything else in it. */
function claimedType(body: unknown): string {
  const type = typeof body === "object" && body !== null && "type" in body ? body.type : undefined;
  return typeof type === "string" && /^[a-z0-9-]{1,40}$/.test(type) ? type : "unknown";
}

/**
 * Messages the jobs queue gave up on after its retries (wrangler.toml: max_retries,
 * dead_letter_queue). Each one is logged loudly, with what it takes to find and replay
 * it by hand — ids, type, tries — and nothing personal (no email address, no token),
 * then acked so the dead-letter queue does not keep it.
 */
export function handleDeadLetters(batch: MessageBatch<unknown>): void {
  for (const msg of batch.messages) {
    const parsed = JobSchema.safeParse(msg.body);
    console.error(`DEAD LETTER: a ${claimedType(msg.body)} job failed every retry and was dropped`, {
      queue: batch.queue,
      messageId: msg.id,
      jobId: parsed.success ? (parsed.data.id ?? null) : null,
      type: claimedType(msg.body),
      attempts: msg.attempts,
      enqueuedAt: new Date(msg.timestamp).toISOString(),
      wellFormed: parsed.success,
    });
    msg.ack();
  }
}
