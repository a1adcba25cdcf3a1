// The producer side of a reset job: each request is counted against its email when it
// is made (never by the job, which may run twice), and over the limit nothing is
// enqueued while the answer stays the one every request gets.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~/.server/db/schema";
import { JobSchema } from "~/.server/jobs";
import { requestPasswordReset } from "~/.server/services/accounts/password-reset";
import { LIMITS } from "~/.server/rate-limit";
import { testDb } from "../fixtures";
import { call, expectStatus, makeUser, uniqueEmail, uniqueIp } from "../auth-fixtures";

/** A queue stand-in that keeps what was sent. */
function recordQueue() {
  const sent: unknown[] = [];
  const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue;
  return { sent, queue };
}

const request = (queue: Queue, email: string) => requestPasswordReset(testDb(), queue, email, uniqueIp(), "http://localhost:8787");
const countOf = async (key: string) => (await testDb().select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

describe("requestPasswordReset", () => {
  it("enqueues one well-formed job with a fresh id per request", async () => {
    const user = await makeUser();
    const { sent, queue } = recordQueue();
    await request(queue, user.email);
    await request(queue, user.email);
    expect(sent).toHaveLength(2);
    const jobs = sent.map((body) => JobSchema.parse(body));
    expect(jobs[0]).toMatchObject({ type: "password-reset", email: user.email, id: expect.any(String) });
    expect(jobs[0].id).not.toBe(jobs[1].id);
  });

  it.each([
    ["a known email", async () => (await makeUser()).email],
    ["an unknown email", async () => uniqueEmail("ghost")],
  ])(
    `counts ${LIMITS.resetEmail.max} an hour for %s, from any client; the next request enqueues nothing and resolves as usual`,
    async (_, emailOf) => {
      const email = await emailOf();
      const { sent, queue } = recordQueue();
      for (let i = 0; i < LIMITS.resetEmail.max; i++) await request(queue, i % 2 ? email.toUpperCase() : email);
      expect(sent).toHaveLength(LIMITS.resetEmail.max);
      await expect(request(queue, email)).resolves.toBeUndefined();
      expect(sent).toHaveLength(LIMITS.resetEmail.max);
      expect(await countOf(`reset:email:${email}`)).toBe(LIMITS.resetEmail.max + 1);
    },
  );
});

describe("POST /api/users/forgot-password over the per-email limit", () => {
  const forgot = (email: string) => call("POST", "/api/users/forgot-password", { body: { email } });

  it.each([
    ["a known email", async () => (await makeUser()).email],
    ["an unknown email", async () => uniqueEmail("ghost")],
  ])("answers the 6th request for %s with the same 200 as the 5th, counted at request time", async (_, emailOf) => {
    const email = await emailOf();
    const bodies = [];
    for (let i = 0; i < LIMITS.resetEmail.max + 1; i++) bodies.push(await expectStatus(await forgot(email), 200));
    expect(bodies[LIMITS.resetEmail.max]).toEqual(bodies[LIMITS.resetEmail.max - 1]);
    expect(await countOf(`reset:email:${email}`)).toBe(LIMITS.resetEmail.max + 1);
  });
});
