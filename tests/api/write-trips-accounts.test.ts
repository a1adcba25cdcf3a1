import { describe, expect, it } from "vitest";
import { OTHER_PASSWORD, call, expectStatus, login, makeAdmin, makeUser, resetTokenFor, tokenFor, uniqueEmail } from "../auth-fixtures";

// The accounts' writes, measured as tests/api/write-trips.test.ts measures the entries'
// (ADR 41): the guard's session, the write's own reads asked together, its one batch. Each
// case asserts its total as it is today; a second read that waits on something JS must decide
// first (a password's hash checked, a session to start) says so beside it.

const tripsOf = (res: Response) => Number(/d1rt;desc="(\d+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN);

describe("an account's writes' round trips", () => {
  it("login and register", async () => {
    const user = await makeUser();
    const res = await login(user.email, user.password);
    await expectStatus(res, 200);
    // Whether the client is the account's own (it decides which counters count: its own trip);
    // the count with the account's row; the right password's writes with the session's user.
    // Over the unguarded target of 2: the counters depend on the first read (ADR 7).
    expect(tripsOf(res), "login").toBe(3);
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
    // Session; the row (and a new email's lookup); the update. The answer is the session's user with what was saved.
    expect(tripsOf(named), "profile name").toBe(3);
    const pin = await call("PUT", "/api/users/me/scoring-pin", { token, body: { pin: "0429", currentPassword: user.password } });
    await expectStatus(pin, 200);
    // Session; the hash with the check's count; the refund with the PIN's write.
    expect(tripsOf(pin), "pin").toBe(3);
    const cal = await call("POST", "/api/users/me/calendar-token", { token });
    await expectStatus(cal, 200);
    expect(tripsOf(cal), "calendar").toBe(2);
    const pw = await call("PUT", "/api/users/profile", {
      token,
      body: { password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, currentPassword: user.password },
    });
    await expectStatus(pw, 200);
    // Session; the row; the check's count (it must land before the password is checked, ADR 7);
    // the refund with the password's batch; the new session's user (its version bumped by that batch).
    expect(tripsOf(pw), "profile password").toBe(5);
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
    expect(tripsOf(added), "user/add").toBe(3);
  });
});
