// The queue consumer turns each reset request into at most one mail. The send_email
// binding is the one outside service here: a stand-in with its shape records what is sent.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { EmailMessage } from "cloudflare:email";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets } from "~/.server/db/schema";
import type { MailBinding } from "~/.server/mail/mailer";
import type { Job } from "~/.server/jobs";
import { type QueueEnv, handleQueue } from "../../workers/queue/consumer";
import { testDb } from "../fixtures";
import { makeUser, uniqueEmail } from "../auth-fixtures";

function mailStandIn(fail = false) {
  const sent: { from: string; to: string }[] = [];
  const binding: MailBinding = {
    async send(message: EmailMessage) {
      if (fail) throw new Error("mail service down");
      sent.push({ from: message.from, to: message.to });
    },
  };
  // The real binding type has more overloads than the consumer uses.
  return { sent, env: { ...env, MAIL: binding } as unknown as QueueEnv };
}

let seq = 0;
/** What POST /api/users/forgot-password puts on the queue, one message per body. */
const batchOf = (bodies: unknown[]) =>
  createMessageBatch("league-jobs", bodies.map((body) => ({ id: `msg-${++seq}`, timestamp: new Date(), attempts: 1, body })));
const resetJob = (email: string): Job => ({ type: "password-reset", email });

async function run(bodies: unknown[], fail = false) {
  const { sent, env: queueEnv } = mailStandIn(fail);
  const batch = batchOf(bodies);
  const ctx = createExecutionContext();
  await handleQueue(batch, queueEnv);
  return { sent, result: await getQueueResult(batch, ctx), ids: batch.messages.map((m) => m.id) };
}

const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe("password-reset jobs", () => {
  it("one request for a known email sends exactly one mail, from the league to the user", async () => {
    const user = await makeUser();
    const { sent, result, ids } = await run([resetJob(user.email)]);
    expect(sent).toEqual([{ from: env.MAIL_FROM, to: user.email }]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(await resetsOf(user.id)).toHaveLength(1);
  });

  it("two requests send two mails with two different tokens", async () => {
    const user = await makeUser();
    const { sent } = await run([resetJob(user.email), resetJob(user.email)]);
    expect(sent).toHaveLength(2);
    const rows = await resetsOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[0].tokenHash).not.toBe(rows[1].tokenHash);
  });

  it("an unknown email sends nothing and the message is done", async () => {
    const { sent, result, ids } = await run([resetJob(uniqueEmail("ghost"))]);
    expect(sent).toEqual([]);
    expect(result.explicitAcks).toEqual(ids);
  });

  it("a locked user gets no mail and no token", async () => {
    const user = await makeUser({ locked: true });
    const { sent } = await run([resetJob(user.email)]);
    expect(sent).toEqual([]);
    expect(await resetsOf(user.id)).toHaveLength(0);
  });

  it("a mixed batch mails only the known, unlocked accounts", async () => {
    const [a, b, locked] = await Promise.all([makeUser(), makeUser(), makeUser({ locked: true })]);
    const { sent } = await run([resetJob(a.email), resetJob(uniqueEmail("ghost")), resetJob(locked.email), resetJob(b.email)]);
    expect(sent.map((m) => m.to)).toEqual([a.email, b.email]);
  });

  it("stops after 5 mails an hour to one account", async () => {
    const user = await makeUser();
    const { sent, result } = await run(Array.from({ length: 7 }, () => resetJob(user.email)));
    expect(sent).toHaveLength(5);
    expect(result.explicitAcks).toHaveLength(7);
  });

  it("drops malformed messages instead of retrying them forever", async () => {
    const { sent, result, ids } = await run([{ type: "password-reset", email: "nope" }, { type: "unknown-job" }, "text", null]);
    expect(sent).toEqual([]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
  });

  it("retries a message whose mail could not be sent", async () => {
    const user = await makeUser();
    const { result, ids } = await run([resetJob(user.email)], true);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(ids);
    expect(result.explicitAcks).toEqual([]);
  });
});
