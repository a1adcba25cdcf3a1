// The registration-opened job through the Worker's queue handler, as the queue delivers
// it: at least once. One opening's job delivered twice — redelivered, or sent twice —
// still mails each opted-in user exactly once (ADR 10).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY, makeRound, nowSec } from "../fixtures";
import { deliver, messageId, recordMail } from "../job-fixtures";
import { countByAddress, recipients, recordQueue, subscriber, announce } from "../registration-fixtures";
import { toMime } from "~/.server/mail/mailer";
import { signUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { setRegistration } from "~/.server/services/rounds/registration";
import { testDb } from "../fixtures";

/** The job one opening enqueues, as the admin's toggle makes it. */
async function openingJob() {
  const round = await makeRound({ openForRegistration: false, startsAt: nowSec() + DAY });
  const { jobs, queue } = recordQueue();
  await setRegistration(testDb(), round.id, true, announce(queue));
  expect(jobs).toHaveLength(1);
  return { round, job: jobs[0] };
}

describe("a registration-opened job delivered twice", () => {
  it("redelivered (same message) and sent again (another message): exactly one mail per opted-in user", async () => {
    const [a, b] = [await subscriber(), await subscriber()];
    const off = await subscriber({ notify: false });
    const { job } = await openingJob();
    const mail = recordMail();
    const id = messageId();
    for (const delivery of [{ body: job, id }, { body: job, id, attempts: 2 }, { body: job }]) {
      const { result, ids } = await deliver([delivery], { send: mail.send });
      expect(result.explicitAcks).toEqual(ids);
      expect(result.retryMessages).toEqual([]);
    }
    const counts = countByAddress(mail.sent);
    expect(Object.keys(counts).sort()).toEqual(await recipients());
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
    expect([counts[a.email], counts[b.email], counts[off.email]]).toEqual([1, 1, undefined]);
  });

  it("both deliveries in one batch: still one mail each", async () => {
    const user = await subscriber();
    const { job } = await openingJob();
    const mail = recordMail();
    await deliver([{ body: job }, { body: job }], { send: mail.send });
    expect(countByAddress(mail.sent)[user.email]).toBe(1);
    expect(Object.values(countByAddress(mail.sent)).every((n) => n === 1)).toBe(true);
  });

  it("a failed send is retried with a delay, and the retry sends only what is missing", async () => {
    const user = await subscriber();
    const { job } = await openingJob();
    const id = messageId();
    const { retries } = await deliver([{ body: job, id }], { send: recordMail({ fail: true }).send });
    expect(retries).toEqual([{ msgId: id, delaySeconds: expect.any(Number) }]);
    expect(retries[0].delaySeconds).toBeGreaterThan(0);

    const mail = recordMail();
    const { result } = await deliver([{ body: job, id, attempts: 2 }], { send: mail.send });
    expect(result.explicitAcks).toEqual([id]);
    expect(countByAddress(mail.sent)[user.email]).toBe(1);
  });

  it("a malformed job is dropped, not retried", async () => {
    const mail = recordMail();
    const { result, ids } = await deliver([{ body: { type: "registration-opened", roundId: "x", day: "today" } }], { send: mail.send });
    expect(result.explicitAcks).toEqual(ids);
    expect(mail.tried).toEqual([]);
  });
});

describe("the registration mail as MIME", () => {
  it("carries List-Unsubscribe with the https link and the one-click List-Unsubscribe-Post (RFC 8058)", async () => {
    const user = await subscriber();
    const { job } = await openingJob();
    const mail = recordMail();
    await deliver([{ body: job }], { send: mail.send });
    const mine = mail.sent.find((m) => m.to === user.email)!;
    const head = toMime("league@example.com", mine, "id-1").split("\r\n\r\n")[0].split("\r\n");
    // The link names its league (the default league's mail: at the root) and signs it (ADR 46).
    const sig = /unsubscribe\?u=\d+&l=1&t=([\w-]{43})/.exec(mine.text)?.[1];
    expect(sig).toBe(await signUnsubscribe(env.SESSION_SECRET, user.id, DEFAULT_LEAGUE_ID));
    expect(head).toContain(`List-Unsubscribe: <http://localhost:8787/api/users/unsubscribe?u=${user.id}&l=1&t=${sig}>`);
    expect(head).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("refuses a header that would break the line (no header injection)", () => {
    const mail = { to: "a@example.com", subject: "s", text: "t", headers: { "List-Unsubscribe": "<x>\r\nBcc: b@example.com" } };
    expect(() => toMime("league@example.com", mail, "id")).toThrow(/not a plain ASCII line/);
  });
});
