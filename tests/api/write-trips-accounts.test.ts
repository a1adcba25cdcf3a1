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
    expect(tripsOf(res), "login").toBe(7);
    const made = await call("POST", "/api/users/register", {
      body: { email: uniqueEmail("reg"), name: "Trip Counter", password: OTHER_PASSWORD },
    });
    await expectStatus(made, 201);
    expect(tripsOf(made), "register").toBe(4);
  });

  it("forgot and reset password", async () => {
    const user = await makeUser();
    const forgot = await call("POST", "/api/users/forgot-password", { body: { email: user.email } });
    await expectStatus(forgot, 200);
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
    expect(tripsOf(named), "profile name").toBe(4);
    const pin = await call("PUT", "/api/users/me/scoring-pin", { token, body: { pin: "0429", currentPassword: user.password } });
    await expectStatus(pin, 200);
    expect(tripsOf(pin), "pin").toBe(5);
    const cal = await call("POST", "/api/users/me/calendar-token", { token });
    await expectStatus(cal, 200);
    expect(tripsOf(cal), "calendar").toBe(2);
    const pw = await call("PUT", "/api/users/profile", {
      token,
      body: { password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, currentPassword: user.password },
    });
    await expectStatus(pw, 200);
    expect(tripsOf(pw), "profile password").toBe(6);
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
