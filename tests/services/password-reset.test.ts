import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth/password";
import { passwordResets } from "~/.server/db/schema";
import { resetPassword, verifyResetToken } from "~/.server/services/accounts/password-reset";
import { resetTokenForJob } from "~/.server/services/accounts/reset-mail";
import { nowSec, testDb } from "../fixtures";
import { INVALID_RESET, OTHER_PASSWORD, makeUser, resetTokenFor, uniqueEmail, userRow } from "../auth-fixtures";
import { recordMail, runResetJob } from "../job-fixtures";

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe("sendResetMail (the reset job)", () => {
  it("stores only the token's hash, for one hour, with its job, and mails the link with the token", async () => {
    const user = await makeUser();
    const { sent, send } = recordMail();
    const jobId = crypto.randomUUID();
    expect(await runResetJob(user.email, send, jobId)).toBe("sent");
    expect(sent).toEqual([
      { to: user.email, subject: "Test League: reset your password", text: expect.any(String), link: expect.any(Object) },
    ]);
    const link = new RegExp(`${env.APP_URL}/reset-password\\?token=([A-Za-z0-9_-]{43})\\n`).exec(sent[0].text);
    expect(link, sent[0].text).not.toBeNull();
    const token = link![1];
    // The link a local server prints (printLinks) is the one in the text.
    expect(sent[0].link).toEqual({ label: "Password reset link", url: `${env.APP_URL}/reset-password?token=${token}` });

    const [row] = await resetsOf(user.id);
    expect(row.tokenHash).toBe(await sha256Hex(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.jobId).toBe(jobId);
    expect(row.expiresAt - nowSec()).toBeGreaterThanOrEqual(60 * 60 - 5);
    expect(row.expiresAt - nowSec()).toBeLessThanOrEqual(60 * 60);
    expect(row.mailedAt).toBeGreaterThanOrEqual(nowSec() - 5);
    expect(row.usedAt).toBeNull();
  });

  it("derives the token from the job id under the server secret: same job, same token; new job, new token", async () => {
    const jobId = crypto.randomUUID();
    const token = await resetTokenForJob(env.SESSION_SECRET, jobId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await resetTokenForJob(env.SESSION_SECRET, jobId)).toBe(token);
    expect(await resetTokenForJob(env.SESSION_SECRET, crypto.randomUUID())).not.toBe(token);
    expect(await resetTokenForJob("Zx9_kQ2pLm7vTn4wRb8yHc3dFg6jKs1uVe5aXo0iWqM", jobId)).not.toBe(token);

    const user = await makeUser();
    const tokens = [await resetTokenFor(user.email), await resetTokenFor(user.email)];
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(await resetsOf(user.id)).toHaveLength(2);
  });

  it("makes nothing for an unknown email or a locked account", async () => {
    const { sent, send } = recordMail();
    expect(await runResetJob(uniqueEmail("ghost"), send)).toBe("no-account");
    const locked = await makeUser({ locked: true });
    expect(await runResetJob(locked.email, send)).toBe("no-account");
    expect(await resetsOf(locked.id)).toHaveLength(0);
    expect(sent).toEqual([]);
  });
});

describe("verifyResetToken and resetPassword", () => {
  it("a token works once: the password changes, the session version moves on, the token is spent", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    expect(await verifyResetToken(testDb(), token)).toBe(true);
    await resetPassword(testDb(), token, OTHER_PASSWORD);
    const row = (await userRow(user.id))!;
    expect(await verifyPassword(OTHER_PASSWORD, row.passwordHash)).toBe(true);
    expect(row.sessionVersion).toBe(user.sessionVersion + 1);
    expect((await resetsOf(user.id))[0].usedAt).not.toBeNull();

    expect(await verifyResetToken(testDb(), token)).toBe(false);
    await expect(resetPassword(testDb(), token, "Third-Password-3")).rejects.toThrow(INVALID_RESET);
    expect(await verifyPassword(OTHER_PASSWORD, (await userRow(user.id))!.passwordHash)).toBe(true);
  });

  it("two resets racing on one token: exactly one wins", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    const results = await Promise.allSettled([
      resetPassword(testDb(), token, "First-Racer-11"),
      resetPassword(testDb(), token, "Second-Racer-22"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await userRow(user.id))!.sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("an expired token changes nothing", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    await testDb()
      .update(passwordResets)
      .set({ expiresAt: nowSec() - 1 })
      .where(eq(passwordResets.userId, user.id));
    expect(await verifyResetToken(testDb(), token)).toBe(false);
    await expect(resetPassword(testDb(), token, OTHER_PASSWORD)).rejects.toThrow(INVALID_RESET);
    expect(await userRow(user.id)).toMatchObject({ passwordHash: user.passwordHash, sessionVersion: user.sessionVersion });
  });

  it("one user's token never touches another user", async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    await resetPassword(testDb(), await resetTokenFor(a.email), OTHER_PASSWORD);
    expect(await userRow(b.id)).toMatchObject({ passwordHash: b.passwordHash, sessionVersion: b.sessionVersion });
  });
});
