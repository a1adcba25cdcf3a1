import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS, hashPassword, verifyPassword } from "~/.server/auth/password";
import { USER_SESSION_SECONDS } from "~/.server/auth/session";
import { claims, users } from "~/.server/db/schema";
import { makePlayer, testDb } from "../fixtures";
import { call, cookieParts, expectError, expectStatus, jwtParts, login, makeAdmin, makeUser, uniqueEmail, userRow } from "../auth-fixtures";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const LOGIN_FAILED = "Invalid email or password";

describe("POST /api/users/login", () => {
  it("returns token and user (id, name, email, isAdmin, linked_player, claimStatus) and sets the cookie", async () => {
    const user = await makeUser();
    const player = await makePlayer();
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });

    const res = await login(user.email.toUpperCase(), user.password);
    const body = await expectStatus(res, 200);
    expect(body).toEqual({
      token: expect.any(String),
      user: { id: user.id, name: user.name, email: user.email, isAdmin: false, linked_player: player.id, claimStatus: "approved" },
    });
    const { header, payload } = jwtParts(body.token);
    expect(header).toMatchObject({ alg: "HS256", kid: expect.any(String) });
    expect(payload).toMatchObject({ sub: String(user.id), role: "user" });
    expect(payload.exp! - payload.iat!).toBe(USER_SESSION_SECONDS);
    expect(cookieParts(res)).toEqual(expect.arrayContaining([`__Host-session=${body.token}`, "HttpOnly", "Secure", "SameSite=Lax"]));
    expect((await userRow(user.id))!.lastLogin).toBeGreaterThan(0);
  });

  it("shows a user's pending claim, and no claim status for an admin", async () => {
    const [user, admin, player] = await Promise.all([makeUser(), makeAdmin(), makePlayer()]);
    await testDb()
      .insert(claims)
      .values([
        { leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "pending" },
        { leagueId: DEFAULT_LEAGUE_ID, userId: admin.id, playerId: player.id, status: "pending" },
      ]);
    const asUser = await expectStatus(await login(user.email, user.password), 200);
    expect(asUser.user).toMatchObject({ claimStatus: "pending", linked_player: null, isAdmin: false });
    const asAdmin = await expectStatus(await login(admin.email, admin.password), 200);
    expect(asAdmin.user).toEqual({
      id: admin.id,
      name: admin.name,
      email: admin.email,
      isAdmin: true,
      linked_player: null,
      claimStatus: null,
    });
  });

  it("401 with one message for a wrong password and for an unknown email", async () => {
    const user = await makeUser();
    const wrong = await expectError(await login(user.email, "Wrong-Password-1"), 401, LOGIN_FAILED);
    const unknown = await expectError(await login(uniqueEmail("ghost"), "Wrong-Password-1"), 401, LOGIN_FAILED);
    // The same answer but for the id of each request (ADR 43): nothing tells the two apart.
    expect({ ...unknown, requestId: wrong.requestId }).toEqual(wrong);
    expect(unknown.requestId).not.toBe(wrong.requestId);
    expect((await userRow(user.id))!.lastLogin).toBeNull();
  });

  it("403 for a locked account with the right password; 401 with a wrong one", async () => {
    const user = await makeUser({ locked: true });
    const res = await login(user.email, user.password);
    await expectError(res, 403, "This account is locked. Contact the league.");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    await expectError(await login(user.email, "Wrong-Password-1"), 401, LOGIN_FAILED);
  });

  it.each([
    ["no password", { email: "a@example.com" }, "Password is required"],
    ["an empty password", { email: "a@example.com", password: "" }, "Password is required"],
    ["a bad email", { email: "a@", password: "x" }, "Enter a valid email address"],
  ])("400 for %s", async (_case, body, message) => {
    await expectError(await call("POST", "/api/users/login", { body }), 400, message);
  });

  it("upgrades a hash made with older parameters while logging in", async () => {
    const user = await makeUser();
    const weak = await hashPassword(user.password, { N: 1024, r: 8, p: 1, keyLen: 32 });
    await testDb().update(users).set({ passwordHash: weak }).where(eq(users.id, user.id));
    await expectStatus(await login(user.email, user.password), 200);
    const stored = (await userRow(user.id))!.passwordHash;
    const { N, r, p } = CURRENT_PARAMS;
    expect(stored.startsWith(`scrypt$${N}$${r}$${p}$`), stored).toBe(true);
    expect(await verifyPassword(user.password, stored)).toBe(true);
  });
});

describe("GET /api/users/me and POST /api/users/logout", () => {
  it("returns the session user for a bearer token or the cookie; 401 without one or with junk", async () => {
    const user = await makeUser();
    const { token } = await expectStatus(await login(user.email, user.password), 200);
    const expected = { user: { id: user.id, name: user.name, email: user.email, isAdmin: false, linked_player: null, claimStatus: null } };
    expect(await expectStatus(await call("GET", "/api/users/me", { token }), 200)).toEqual(expected);
    expect(await expectStatus(await call("GET", "/api/users/me", { cookie: token }), 200)).toEqual(expected);
    await expectError(await call("GET", "/api/users/me"), 401, "Please log in.");
    await expectError(await call("GET", "/api/users/me", { token: "not.a.jwt" }), 401);
    await expectError(await call("GET", "/api/users/me", { cookie: "garbage" }), 401);
  });

  it("logout clears the session cookie", async () => {
    const res = await call("POST", "/api/users/logout");
    expect(await expectStatus(res, 200)).toEqual({ success: true });
    expect(cookieParts(res)).toEqual(expect.arrayContaining(["__Host-session=", "Max-Age=0", "HttpOnly"]));
  });
});
