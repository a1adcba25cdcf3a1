// A failed job is retried with a growing delay; one that failed every retry reaches the
// dead-letter queue, whose consumer logs it (without personal data) and acks it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEAD_LETTER_QUEUE, retryDelaySeconds } from "../../workers/queue/consumer";
import { makeUser, uniqueEmail } from "../auth-fixtures";
import { deliver, recordMail, resetJob } from "../job-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("retry backoff", () => {
  it("grows with each try, from seconds to a cap", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 50].map(retryDelaySeconds);
    expect(delays).toEqual([10, 30, 90, 270, 810, 900, 900, 900]);
  });

  it("the consumer retries each failed message after the delay for its try", async () => {
    const user = await makeUser();
    const mail = recordMail({ fail: true });
    const { result, retries, ids } = await deliver(
      [1, 2, 3].map((attempts) => ({ body: resetJob(user.email), attempts })),
      { send: mail.send },
    );
    expect(retries).toEqual(ids.map((msgId, i) => ({ msgId, delaySeconds: retryDelaySeconds(i + 1) })));
    expect(retries.map((m) => m.delaySeconds)).toEqual([10, 30, 90]);
    expect(result.explicitAcks).toEqual([]);
  });
});

describe("dead letters", () => {
  it("are logged loudly with their ids, job type and tries, never the address, then acked and not run", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = await makeUser();
    const job = resetJob(user.email);
    const legacy = { type: "password-reset", email: uniqueEmail("legacy") };
    const mail = recordMail();
    const { result, ids } = await deliver([{ body: job, attempts: 1 }, { body: legacy }, { body: "garbage" }], {
      queue: DEAD_LETTER_QUEUE,
      send: mail.send,
    });

    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(mail.tried).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(3);
    const [message, fields] = errors.mock.calls[0];
    expect(message).toMatch(/DEAD LETTER.*password-reset/);
    expect(fields).toMatchObject({ queue: DEAD_LETTER_QUEUE, messageId: ids[0], jobId: job.id, type: "password-reset", attempts: 1 });
    expect(errors.mock.calls[1][1]).toMatchObject({ messageId: ids[1], jobId: null, type: "password-reset" });
    expect(errors.mock.calls[2][1]).toMatchObject({ messageId: ids[2], type: "unknown" });
    const logged = JSON.stringify(errors.mock.calls);
    expect(logged).not.toContain(user.email);
    expect(logged).not.toContain("@");
  });
});
