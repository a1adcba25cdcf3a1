import { describe, expect, it } from "vitest";
import { OTHER_PASSWORD, call, expectStatus, login, makeAdmin, makeUser, resetTokenFor, tokenFor, uniqueEmail } from "../auth-fixtures";

// The accounts' writes, measured as tests/api/write-trips.test.ts measures the entries'
// (ADR 41, 42): the write's own reads (and abuse counts) beside the guard's session, then its
// one batch. Each case asserts its total as it is today.

const tripsOf = (res: Response) => Number(/d1rt;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

describe("an account's writes' round trips", () => {
  it("login and register", async () => {
    const user = await makeUser();
    const res = await login(user.email, user.password);
    await expectStatus(res, 200);
    // The counts (whether the client is the account's own decided in their SQL, ADR 7) with the
    // account's row; the right password's writes with the session's user.
    expect(tripsOf(res), "login").toBe(2);
    const made = await call("POST", "/api/users/register", {
      body: { email: uniqueEmail("reg"), name: "Trip Counter", password: OTHER_PASSWORD },
    });
    const answer = await expectStatus(made, 201);
    // The count with the email's lookup; the insert, whose answer is the new session's user.
    expect(tripsOf(made), "register").toBe(2);
    expect(answer.user).toMatchObject({ name: "Trip Counter", isAdmin: false, linked_player: null, claimStatus: null });
  });

  it("forgot and reset password", async () => {
    const user = await makeUser();
    const forgot = await call("POST", "/api/users/forgot-password", { body: { email: user.email } });
    await expectStatus(forgot, 200);
    // The client's count, then the email's (only when the client's passed). No D1 follow-up: a queue message.
    expect(tripsOf(forgot), "forgot").toBe(2);
    const token = await resetTokenFor(user.email);
    const reset = await call("POST", "/api/users/reset-password", { body: { token, password: OTHER_PASSWORD } });
    await expectStatus(reset, 200);
    expect(tripsOf(reset), "reset").toBe(2);
  });

  it("profile, scoring PIN, calendar token", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const named = await call("PUT", "/api/users/profile", { token, body: { name: "Renamed Thrower" } });
    await expectStatus(named, 200);
    // The session with the row (and a new email's lookup); the update. The answer is the session's user with what was saved.
    expect(tripsOf(named), "profile name").toBe(2);
    const pin = await call("PUT", "/api/users/me/scoring-pin", { token, body: { pin: "0429", currentPassword: user.password } });
    await expectStatus(pin, 200);
    // The session with the hash and the attempt's count (counted before the slow check, so
    // guesses sent in parallel cannot pass the limit; an abuse counter does not wait for the
    // session, ADR 42); the refund with the PIN's write.
    expect(tripsOf(pin), "pin").toBe(2);
    const cal = await call("POST", "/api/users/me/calendar-token", { token });
    await expectStatus(cal, 200);
    expect(tripsOf(cal), "calendar").toBe(2);
    const pw = await call("PUT", "/api/users/profile", {
      token,
      body: { password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, currentPassword: user.password },
    });
    await expectStatus(pw, 200);
    // The session with the row and the check's count (it must land before the password is
    // checked, ADR 7); the refund with the password's batch. The new session is signed with the
    // version that batch wrote, the user as the guard read it with what was saved.
    expect(tripsOf(pw), "profile password").toBe(2);
  });

  it("logout and logout everywhere", async () => {
    const user = await makeUser();
    const out = await call("POST", "/api/users/logout", { token: await tokenFor(user) });
    await expectStatus(out, 200);
    expect(tripsOf(out), "logout").toBe(2);
    const other = await makeUser();
    const all = await call("POST", "/api/users/logout-everywhere", { token: await tokenFor(other) });
    await expectStatus(all, 200);
    expect(tripsOf(all), "logout everywhere").toBe(2);
  });

  it("the admin's user writes", async () => {
    const token = await tokenFor(await makeAdmin());
    const asAdmin = (method: string, path: string, body?: unknown) => call(method, `/api/admin${path}`, { token, body });
    const target = await makeUser();
    // Each the session and one write (its own check in its WHERE, or a batch).
    for (const [label, method, path] of [
      ["lock", "POST", `/users/${target.id}/lock`],
      ["unlock", "POST", `/users/${target.id}/unlock`],
      ["reset-password", "POST", `/users/${target.id}/reset-password`],
      ["delete", "DELETE", `/users/${target.id}`],
    ] as const) {
      const res = await asAdmin(method, path);
      await expectStatus(res, 200);
      expect(tripsOf(res), label).toBe(2);
    }
    const added = await asAdmin("POST", "/user/add", { email: uniqueEmail("added"), name: "Added", password: OTHER_PASSWORD });
    await expectStatus(added, 201);
    expect(tripsOf(added), "user/add").toBe(2);
  });
});
