// A reset job delivered more than once (a retry, a redelivery, a duplicate send) has the
// effect of one delivery: one token row and one mail, and a failed send is followed by
// the same link, never a second token (ADR 10).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets } from "~/.server/db/schema";
import { hashResetToken, resetPassword, verifyResetToken } from "~/.server/services/accounts/password-reset";
import { nowSec, testDb } from "../fixtures";
import { OTHER_PASSWORD, makeUser, resetTokenFor } from "../auth-fixtures";
import { deliver, messageId, recordMail, resetJob, tokenInMail } from "../job-fixtures";

const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

/** A first delivery whose send fails: the job's row exists, its mail never went out. */
async function failedFirstDelivery(email: string) {
  const job = resetJob(email);
  const id = messageId();
  const down = recordMail({ fail: true });
  const { retries } = await deliver([{ body: job, id }], { send: down.send });
  expect(retries).toEqual([{ msgId: id, delaySeconds: expect.any(Number) }]);
  expect(retries[0].delaySeconds).toBeGreaterThan(0);
  return { job, id, firstToken: tokenInMail(down.tried[0]) };
}

describe("a reset job delivered again", () => {
  it("same job id, delivered three times (redelivered, and sent twice by a producer): one token row, one mail", async () => {
    const user = await makeUser();
    const job = resetJob(user.email);
    const id = messageId();
    const mail = recordMail();
    for (const delivery of [{ body: job, id }, { body: job, id, attempts: 2 }, { body: job }]) {
      const { result, ids } = await deliver([delivery], { send: mail.send });
      expect(result.explicitAcks).toEqual(ids);
      expect(result.retryMessages).toEqual([]);
    }
    expect(mail.sent).toHaveLength(1);
    const rows = await resetsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ jobId: job.id, tokenHash: await hashResetToken(tokenInMail(mail.sent[0])!) });
  });

  it("after a failed send, the retry sends the same token, whose hash is the one stored", async () => {
    const user = await makeUser();
    const { job, id, firstToken } = await failedFirstDelivery(user.email);
    const [pending] = await resetsOf(user.id);
    expect(pending.mailedAt).toBeNull();

    const mail = recordMail();
    const { result } = await deliver([{ body: job, id, attempts: 2 }], { send: mail.send });
    expect(result.explicitAcks).toEqual([id]);
    expect(mail.sent).toHaveLength(1);
    expect(tokenInMail(mail.sent[0])).toBe(firstToken);
    const rows = await resetsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(await hashResetToken(firstToken!));
    expect(rows[0].mailedAt).not.toBeNull();
    expect(await verifyResetToken(testDb(), firstToken!)).toBe(true);
  });

  it("a message from before job ids is keyed on its message id", async () => {
    const user = await makeUser();
    const id = messageId();
    const mail = recordMail();
    const body = { type: "password-reset", email: user.email };
    await deliver([{ body, id }], { send: mail.send });
    await deliver([{ body, id, attempts: 2 }], { send: mail.send });
    expect(mail.sent).toHaveLength(1);
    expect(await resetsOf(user.id)).toMatchObject([{ jobId: id }]);
  });
});

describe("a redelivery never revives a spent token", () => {
  it("a link used for a reset is not mailed again", async () => {
    const user = await makeUser();
    const job = resetJob(user.email);
    const id = messageId();
    const mail = recordMail();
    await deliver([{ body: job, id }], { send: mail.send });
    await resetPassword(testDb(), tokenInMail(mail.sent[0])!, OTHER_PASSWORD);

    await deliver([{ body: job, id, attempts: 2 }], { send: mail.send });
    expect(mail.sent).toHaveLength(1);
    expect(await resetsOf(user.id)).toHaveLength(1);
  });

  it("a link spent by a later password change, before its mail went out, is not sent", async () => {
    const user = await makeUser();
    const { job, id, firstToken } = await failedFirstDelivery(user.email);
    await resetPassword(testDb(), await resetTokenFor(user.email), OTHER_PASSWORD);

    const mail = recordMail();
    const { result } = await deliver([{ body: job, id, attempts: 2 }], { send: mail.send });
    expect(result.explicitAcks).toEqual([id]);
    expect(mail.sent).toEqual([]);
    expect(await verifyResetToken(testDb(), firstToken!)).toBe(false);
    expect((await resetsOf(user.id)).filter((r) => r.jobId === job.id)).toHaveLength(1);
  });

  it("an expired link is not sent", async () => {
    const user = await makeUser();
    const { job, id } = await failedFirstDelivery(user.email);
    await testDb()
      .update(passwordResets)
      .set({ expiresAt: nowSec() - 1 })
      .where(eq(passwordResets.jobId, job.id!));

    const mail = recordMail();
    await deliver([{ body: job, id, attempts: 2 }], { send: mail.send });
    expect(mail.sent).toEqual([]);
    expect(await resetsOf(user.id)).toHaveLength(1);
  });
});
