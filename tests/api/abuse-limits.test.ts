// Limits on the two checks that could be used for guessing: "is this email registered?"
// (bulk account enumeration) and the current password on the profile (a stolen session
// guessing the password, each guess costing a scrypt).
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth/password";
import { LIMITS } from "~/.server/rate-limit";
import {
  OTHER_PASSWORD,
  TOO_MANY,
  call,
  expectError,
  expectStatus,
  loginToken,
  makeUser,
  uniqueEmail,
  uniqueIp,
  userRow,
} from "../auth-fixtures";

describe("GET /api/users/check-email per client", () => {
  it(`answers ${LIMITS.checkEmail.max} checks an hour from one client, then 429; another client is unaffected`, async () => {
    const ip = uniqueIp();
    const user = await makeUser();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call("GET", `/api/users/check-email?email=${encodeURIComponent(i === 0 ? user.email : uniqueEmail("enum"))}`, { ip }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.checkEmail.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - LIMITS.checkEmail.max);
    await expectError(await call("GET", `/api/users/check-email?email=${encodeURIComponent(user.email)}`, { ip }), 429, TOO_MANY);
    expect(await expectStatus(await call("GET", `/api/users/check-email?email=${encodeURIComponent(user.email)}`), 200)).toEqual({
      exists: true,
    });
  });
});

describe("PUT /api/users/profile: current-password checks per user", () => {
  const change = (token: string, currentPassword: string, ip?: string) =>
    call("PUT", "/api/users/profile", { token, ip, body: { password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, currentPassword } });

  it(`allows ${LIMITS.passwordCheck.max} wrong guesses, then 429 even for the right password, from any client`, async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const statuses = await Promise.all(Array.from({ length: 15 }, (_, i) => change(token, `Wrong-Guess-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.passwordCheck.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - LIMITS.passwordCheck.max);
    await expectError(await change(token, user.password, uniqueIp()), 429, TOO_MANY);
    expect(await verifyPassword(user.password, (await userRow(user.id))!.passwordHash)).toBe(true);
  }, 30_000);

  it("a right current password does not use up the limit", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    for (let i = 0; i < LIMITS.passwordCheck.max + 2; i++) {
      const res = await call("PUT", "/api/users/profile", {
        token,
        body: { email: uniqueEmail("moving"), currentPassword: user.password },
      });
      await expectStatus(res, 200);
    }
    // The session goes on after email changes.
    await expectStatus(await call("GET", "/api/users/me", { token }), 200);
  }, 30_000);
});
