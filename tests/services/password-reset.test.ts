import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth/password";
import { passwordResets } from "~/.server/db/schema";
import { createResetMail, resetPassword, verifyResetToken } from "~/.server/services/password-reset";
import { nowSec, testDb } from "../fixtures";
import { INVALID_RESET, OTHER_PASSWORD, makeUser, resetTokenFor, uniqueEmail, userRow } from "../auth-fixtures";

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, "0")).join("");
const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe("createResetMail", () => {
  it("stores only the token's hash, for one hour, and mails the link with the token", async () => {
    const user = await makeUser();
    const mail = await createResetMail(testDb(), user.email, env.APP_URL, "Test League");
    expect(mail).toMatchObject({ to: user.email, subject: "Test League: reset your password" });
    const link = new RegExp(`${env.APP_URL}/reset-password\\?token=([A-Za-z0-9_-]{43})\\n`).exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    const token = link![1];

    const [row] = await resetsOf(user.id);
    expect(row.tokenHash).toBe(await sha256Hex(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt - nowSec()).toBeGreaterThanOrEqual(60 * 60 - 5);
    expect(row.expiresAt - nowSec()).toBeLessThanOrEqual(60 * 60);
    expect(row.usedAt).toBeNull();
  });

  it("makes a different random token each time", async () => {
    const user = await makeUser();
    const tokens = [await resetTokenFor(user.email), await resetTokenFor(user.email)];
    expect(tokens[0]).not.toBe(tokens[1]);
    expect(await resetsOf(user.id)).toHaveLength(2);
  });

  it("makes nothing for an unknown email or a locked account", async () => {
    expect(await createResetMail(testDb(), uniqueEmail("ghost"), env.APP_URL, "L")).toBeNull();
    const locked = await makeUser({ locked: true });
    expect(await createResetMail(testDb(), locked.email, env.APP_URL, "L")).toBeNull();
    expect(await resetsOf(locked.id)).toHaveLength(0);
  });

  it("makes at most 5 an hour for one account", async () => {
    const user = await makeUser();
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createResetMail(testDb(), user.email, env.APP_URL, "L"));
    expect(made.filter(Boolean)).toHaveLength(5);
    expect(await resetsOf(user.id)).toHaveLength(5);
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
    const results = await Promise.allSettled([resetPassword(testDb(), token, "First-Racer-11"), resetPassword(testDb(), token, "Second-Racer-22")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await userRow(user.id))!.sessionVersion).toBe(user.sessionVersion + 1);
  });

  it("an expired token changes nothing", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    await testDb().update(passwordResets).set({ expiresAt: nowSec() - 1 }).where(eq(passwordResets.userId, user.id));
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
