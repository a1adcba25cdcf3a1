// The queue consumer turns each reset job into at most one mail. Mail is the one outside
// service here: a recording stand-in for the consumer's mail sender, and once a stand-in
// for the send_email binding itself, to check the real sender's wiring.
import { env } from "cloudflare:workers";
import type { EmailMessage } from "cloudflare:email";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { passwordResets } from "~/.server/db/schema";
import { hashResetToken } from "~/.server/services/accounts/password-reset";
import type { MailBinding } from "~/.server/mail/mailer";
import type { QueueEnv } from "../../workers/queue/consumer";
import { testDb } from "../fixtures";
import { makeUser, uniqueEmail } from "../auth-fixtures";
import { deliver, recordMail, resetJob, tokenInMail } from "../job-fixtures";

const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

async function run(bodies: unknown[], opts: { fail?: boolean } = {}) {
  const mail = recordMail(opts);
  const { result, retries, ids } = await deliver(
    bodies.map((body) => ({ body })),
    { send: mail.send },
  );
  return { sent: mail.sent, result, retries, ids };
}

describe("password-reset jobs", () => {
  it("one request for a known email sends exactly one mail, from the league to the user, through the send_email binding", async () => {
    const user = await makeUser();
    const sent: { from: string; to: string }[] = [];
    const binding: MailBinding = {
      async send(message: EmailMessage) {
        sent.push({ from: message.from, to: message.to });
      },
    };
    // The real binding type has more overloads than the sender uses.
    const queueEnv = { ...env, MAIL: binding } as unknown as QueueEnv;
    const { result, ids } = await deliver([{ body: resetJob(user.email) }], { env: queueEnv });
    expect(sent).toEqual([{ from: env.MAIL_FROM, to: user.email }]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(await resetsOf(user.id)).toHaveLength(1);
  });

  it("two requests (two jobs) send two mails with two different tokens", async () => {
    const user = await makeUser();
    const { sent } = await run([resetJob(user.email), resetJob(user.email)]);
    expect(sent).toHaveLength(2);
    expect(sent[0].text).not.toBe(sent[1].text);
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

  it("does not limit mails per account itself: the request counted them (reset-request.test.ts)", async () => {
    const user = await makeUser();
    const { sent, result } = await run(Array.from({ length: 7 }, () => resetJob(user.email)));
    expect(sent).toHaveLength(7);
    expect(result.explicitAcks).toHaveLength(7);
  });

  it("drops malformed messages instead of retrying them forever", async () => {
    const badId = { ...resetJob(uniqueEmail("ghost")), id: "not-a-uuid" };
    const { sent, result, ids } = await run([{ type: "password-reset", email: "nope" }, { type: "unknown-job" }, badId, "text", null]);
    expect(sent).toEqual([]);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
  });

  it("retries, after a delay, a message whose mail could not be sent", async () => {
    const user = await makeUser();
    const { result, retries, ids } = await run([resetJob(user.email)], { fail: true });
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(ids);
    expect(retries[0].delaySeconds).toBeGreaterThan(0);
    expect(result.explicitAcks).toEqual([]);
  });
});

describe("a reset asked for on a local server", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const linksPrinted = (log: { mock: { calls: unknown[][] } }) =>
    log.mock.calls.map((args) => String(args[0])).filter((line) => line.startsWith("Password reset link for "));

  it("prints the link it mailed through the local send_email stand-in (whose .eml body is base64)", async () => {
    const log = vi.spyOn(console, "log");
    const user = await makeUser();
    const { result, ids } = await deliver([{ body: { ...resetJob(user.email), origin: "http://localhost:9000" } }]);
    expect(result.explicitAcks).toEqual(ids);
    const lines = linksPrinted(log);
    expect(lines).toHaveLength(1);
    const token = new RegExp(
      `^Password reset link for ${user.email}: http://localhost:9000/reset-password\\?token=([A-Za-z0-9_-]{43})$`,
    ).exec(lines[0])?.[1];
    // The printed link is the live one: its token is the row the job stored and mailed.
    const [row] = await resetsOf(user.id);
    expect(row.tokenHash).toBe(await hashResetToken(token!));
    expect(row.mailedAt).not.toBeNull();
  });

  it("prints the same link the mail holds, and only once the mail went out", async () => {
    const log = vi.spyOn(console, "log");
    const user = await makeUser();
    const failing = recordMail({ fail: true });
    await deliver([{ body: { ...resetJob(user.email), origin: "http://127.0.0.1:8787" } }], { send: failing.send });
    expect(linksPrinted(log)).toEqual([]);
    const mail = recordMail();
    await deliver([{ body: { ...resetJob(user.email), origin: "http://127.0.0.1:8787" } }], { send: mail.send });
    expect(linksPrinted(log)).toEqual([
      `Password reset link for ${user.email}: http://127.0.0.1:8787/reset-password?token=${tokenInMail(mail.sent[0])}`,
    ]);
  });

  it("never prints a link for a request to a public origin, nor in production", async () => {
    const log = vi.spyOn(console, "log");
    const user = await makeUser();
    const mail = recordMail();
    const production = { ...env, APP_URL: "https://league.example" } as unknown as QueueEnv;
    await deliver([{ body: { ...resetJob(user.email), origin: "https://league.example" } }], { send: mail.send });
    await deliver([{ body: resetJob(user.email) }], { send: mail.send });
    await deliver([{ body: { ...resetJob(user.email), origin: "http://localhost:8787" } }], { send: mail.send, env: production });
    expect(mail.sent).toHaveLength(3);
    expect(linksPrinted(log)).toEqual([]);
  });
});
