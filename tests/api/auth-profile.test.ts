import { describe, expect, it } from "vitest";
import {
  APP_ORIGIN,
  OTHER_PASSWORD,
  call,
  cookieParts,
  expectError,
  expectStatus,
  login,
  loginToken,
  makeUser,
  uniqueEmail,
  userRow,
  sessionSetCookie,
} from "../auth-fixtures";

const profile = (token: string, body: unknown) => call("PUT", "/api/users/profile", { token, body });
const me = (token: string) => call("GET", "/api/users/me", { token });

describe("PUT /api/users/profile", () => {
  it("400 'No changes to update.' for an empty body or unchanged values", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    await expectError(await profile(token, {}), 400, "No changes to update.");
    await expectError(await profile(token, { name: user.name, email: user.email.toUpperCase() }), 400, "No changes to update.");
  });

  it("changes the name alone without a password; the session goes on", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const res = await profile(token, { name: "  Renamed Thrower " });
    const body = await expectStatus(res, 200);
    expect(body).toEqual({ success: true, user: expect.objectContaining({ id: user.id, name: "Renamed Thrower", email: user.email }) });
    expect(sessionSetCookie(res)).toBeNull();
    expect((await expectStatus(await me(token), 200)).user.name).toBe("Renamed Thrower");
  });

  it("a new password needs the current one", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    await expectError(await profile(token, { password: OTHER_PASSWORD }), 400, "Current password is incorrect");
    await expectError(
      await profile(token, { password: OTHER_PASSWORD, currentPassword: "Not-The-One-1" }),
      400,
      "Current password is incorrect",
    );
    await expectError(
      await profile(token, { password: "alllowercase1", currentPassword: user.password }),
      400,
      "Password does not meet complexity requirements",
    );
    expect((await userRow(user.id))!.passwordHash).toBe(user.passwordHash);
  });

  it("a password change returns a new token; the old token stops working; only the new password logs in", async () => {
    const user = await makeUser();
    const oldToken = await loginToken(user.email, user.password);
    const res = await profile(oldToken, { password: OTHER_PASSWORD, currentPassword: user.password });
    const body = await expectStatus(res, 200);
    expect(body.token).toEqual(expect.any(String));
    expect(body.token).not.toBe(oldToken);
    expect(cookieParts(res)[0]).toBe(`__Host-session=${body.token}`);

    await expectError(await me(oldToken), 401);
    expect((await expectStatus(await me(body.token), 200)).user.id).toBe(user.id);
    await expectError(await login(user.email, user.password), 401);
    await expectStatus(await login(user.email, OTHER_PASSWORD), 200);
  });

  it("an email change needs the current password and an email nobody else uses", async () => {
    const [user, other] = await Promise.all([makeUser(), makeUser()]);
    const token = await loginToken(user.email, user.password);
    const fresh = uniqueEmail("moved");
    await expectError(await profile(token, { email: fresh }), 400, "Current password is incorrect");
    await expectError(
      await profile(token, { email: other.email.toUpperCase(), currentPassword: user.password }),
      409,
      "Email is already in use",
    );
    await expectError(await profile(token, { email: "nope" }), 400, "Enter a valid email address");

    const body = await expectStatus(await profile(token, { email: fresh.toUpperCase(), currentPassword: user.password }), 200);
    expect(body.user.email).toBe(fresh);
    await expectStatus(await login(fresh, user.password), 200);
    await expectError(await login(user.email, user.password), 401);
  });

  it("401 without a session", async () => {
    await expectError(await call("PUT", "/api/users/profile", { body: { name: "X" } }), 401, "Please log in.");
  });
});

describe("cookie-authenticated writes and the Origin", () => {
  const put = (cookie: string, origin: string | undefined, name: string) =>
    call("PUT", "/api/users/profile", { cookie, origin, body: { name } });

  it("refuses a foreign Origin (403) and changes nothing", async () => {
    const user = await makeUser();
    const cookie = await loginToken(user.email, user.password);
    for (const origin of ["https://evil.example", "null", `${APP_ORIGIN}.evil.example`, undefined]) {
      const res = await put(cookie, origin, "Hijacked");
      const requestId = res.headers.get("X-Request-Id");
      expect(await expectStatus(res, 403), String(origin)).toEqual({ error: "Cross-site request refused", code: "forbidden", requestId });
    }
    expect((await userRow(user.id))!.name).toBe(user.name);
  });

  it("lets the app's own Origin through", async () => {
    const user = await makeUser();
    const cookie = await loginToken(user.email, user.password);
    await expectStatus(await put(cookie, APP_ORIGIN, "Own Origin"), 200);
    // The origin the request itself was made to counts as our own too.
    await expectStatus(await put(cookie, "http://localhost", "Same Host"), 200);
    expect((await userRow(user.id))!.name).toBe("Same Host");
  });

  it("still applies when some other Authorization header rides along with the cookie", async () => {
    const user = await makeUser();
    const cookie = await loginToken(user.email, user.password);
    for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer", "Token abc"]) {
      const res = await call("PUT", "/api/users/profile", {
        cookie,
        origin: "https://evil.example",
        headers: { Authorization: authorization },
        body: { name: "Hijacked" },
      });
      await expectError(res, 403, "Cross-site request refused");
    }
    // Pages never take a bearer token, so one does not excuse a page write either.
    const page = await call("POST", "/profile", { cookie, token: cookie, origin: "https://evil.example", body: { name: "Hijacked" } });
    expect(page.status).toBe(403);
    expect((await userRow(user.id))!.name).toBe(user.name);
  });

  it("does not apply to bearer-token calls, which another site cannot forge", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const res = await call("PUT", "/api/users/profile", { token, origin: "https://evil.example", body: { name: "Via Bearer" } });
    await expectStatus(res, 200);
  });
});
