import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets } from "~/.server/db/schema";
import { nowSec, testDb } from "../fixtures";
import {
  INVALID_RESET,
  OTHER_PASSWORD,
  TOO_MANY,
  call,
  expectError,
  expectStatus,
  login,
  loginToken,
  makeUser,
  resetTokenFor,
  uniqueEmail,
  uniqueIp,
  userRow,
} from "../auth-fixtures";

const REQUESTED = "If an account with that email exists, a reset link has been sent.";
const forgot = (email: string, ip?: string) => call("POST", "/api/users/forgot-password", { body: { email }, ip });
const verify = (token: unknown) => call("POST", "/api/users/verify-reset-token", { body: { token } });
const reset = (token: unknown, password: string) => call("POST", "/api/users/reset-password", { body: { token, password } });
const resetsOf = (userId: number) => testDb().select().from(passwordResets).where(eq(passwordResets.userId, userId));

describe("POST /api/users/forgot-password", () => {
  it("gives the same status and body for a known and an unknown email", async () => {
    const user = await makeUser();
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail("ghost"));
    const knownBody = await expectStatus(known, 200);
    expect(knownBody).toEqual({ success: true, message: REQUESTED });
    expect(await expectStatus(unknown, 200)).toEqual(knownBody);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
  });

  it("puts a job on the real queue, whose consumer stores a reset for the user", async () => {
    const user = await makeUser();
    await expectStatus(await forgot(user.email.toUpperCase()), 200);
    // The local queue delivers within its 1 s batch timeout.
    await expect.poll(async () => (await resetsOf(user.id)).length, { timeout: 8000, interval: 200 }).toBe(1);
    const [row] = await resetsOf(user.id);
    expect(row.usedAt).toBeNull();
    expect(row.expiresAt - nowSec()).toBeGreaterThan(55 * 60);
  }, 10_000);

  it("400 for a bad email", async () => {
    await expectError(await forgot("not-an-email"), 400, "Enter a valid email address");
  });

  it("limits requests per client address (20 an hour), whatever the email", async () => {
    const ip = uniqueIp();
    for (let i = 1; i <= 20; i++) await expectStatus(await forgot(uniqueEmail("flood"), ip), 200);
    await expectError(await forgot(uniqueEmail("flood"), ip), 429, TOO_MANY);
    await expectStatus(await forgot(uniqueEmail("flood"), uniqueIp()), 200);
  });
});

describe("POST /api/users/verify-reset-token", () => {
  it("accepts a live token and refuses an unknown or empty one", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    expect(await expectStatus(await verify(token), 200)).toEqual({ valid: true });
    expect(await expectError(await verify(`${token}x`), 400, INVALID_RESET)).toMatchObject({ valid: false });
    await expectError(await verify(""), 400, INVALID_RESET);
    await expectError(await call("POST", "/api/users/verify-reset-token", { body: {} }), 400);
  });
});

describe("POST /api/users/reset-password", () => {
  it("sets the new password once; the token cannot be used again", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    expect(await expectStatus(await reset(token, OTHER_PASSWORD), 200)).toEqual({ success: true });
    await expectStatus(await login(user.email, OTHER_PASSWORD), 200);
    await expectError(await login(user.email, user.password), 401);

    await expectError(await reset(token, "Third-Password-3"), 400, INVALID_RESET);
    await expectError(await verify(token), 400, INVALID_RESET);
    await expectStatus(await login(user.email, OTHER_PASSWORD), 200);
  });

  it("ends the user's existing sessions", async () => {
    const user = await makeUser();
    const oldToken = await loginToken(user.email, user.password);
    await expectStatus(await call("GET", "/api/users/me", { token: oldToken }), 200);
    await expectStatus(await reset(await resetTokenFor(user.email), OTHER_PASSWORD), 200);
    expect((await userRow(user.id))!.sessionVersion).toBe(user.sessionVersion + 1);
    await expectError(await call("GET", "/api/users/me", { token: oldToken }), 401);
  });

  it("refuses an expired token and changes nothing", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    await testDb()
      .update(passwordResets)
      .set({ expiresAt: nowSec() - 1 })
      .where(eq(passwordResets.userId, user.id));
    await expectError(await verify(token), 400, INVALID_RESET);
    await expectError(await reset(token, OTHER_PASSWORD), 400, INVALID_RESET);
    expect(await userRow(user.id)).toMatchObject({ passwordHash: user.passwordHash, sessionVersion: user.sessionVersion });
  });

  it("refuses a weak password without spending the token", async () => {
    const user = await makeUser();
    const token = await resetTokenFor(user.email);
    await expectError(await reset(token, "short1A"), 400, "Password does not meet complexity requirements");
    await expectStatus(await verify(token), 200);
    await expectStatus(await reset(token, OTHER_PASSWORD), 200);
  });

  it("refuses a made-up token", async () => {
    await expectError(await reset("bm90LWEtcmVhbC10b2tlbg", OTHER_PASSWORD), 400, INVALID_RESET);
    await expectError(await reset("", OTHER_PASSWORD), 400, INVALID_RESET);
  });
});
