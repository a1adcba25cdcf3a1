// Logging out ends the session on the server: the same token is refused afterwards,
// as a Bearer token and as a cookie, though it has not expired (ADR 6).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { revokedSessions } from "~/.server/db/schema";
import { testDb } from "../fixtures";
import { APP_ORIGIN, call, cookieParts, expectError, expectStatus, loginToken, makeUser, tokenFor, userRow } from "../auth-fixtures";

const me = (opts: { token?: string; cookie?: string }) => call("GET", "/api/users/me", opts);

describe("POST /api/users/logout", () => {
  it("revokes the Bearer token it was called with: /me answers 401 with it, as Bearer and as cookie", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    await expectStatus(await me({ token }), 200);
    const res = await call("POST", "/api/users/logout", { token });
    expect(await expectStatus(res, 200)).toEqual({ success: true });
    expect(cookieParts(res)).toEqual(expect.arrayContaining(["__Host-session=", "Max-Age=0"]));
    await expectError(await me({ token }), 401, "Please log in.");
    await expectError(await me({ cookie: token }), 401, "Please log in.");
  });

  it("revokes a cookie session; the user's other sessions (other devices) go on", async () => {
    const user = await makeUser();
    const [phone, laptop] = [await loginToken(user.email, user.password), await loginToken(user.email, user.password)];
    await expectStatus(await call("POST", "/api/users/logout", { cookie: phone, origin: APP_ORIGIN }), 200);
    await expectError(await me({ token: phone }), 401);
    await expectStatus(await me({ token: laptop }), 200);
  });

  it("logging out twice, or with a dead or forged token, is still a success and revokes nothing else", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const other = await loginToken(user.email, user.password);
    await expectStatus(await call("POST", "/api/users/logout", { token }), 200);
    await expectStatus(await call("POST", "/api/users/logout", { token }), 200);
    await expectStatus(await call("POST", "/api/users/logout", { token: "not.a.jwt" }), 200);
    await expectStatus(await call("POST", "/api/users/logout"), 200);
    expect(await testDb().select().from(revokedSessions).where(eq(revokedSessions.userId, user.id))).toHaveLength(1);
    await expectStatus(await me({ token: other }), 200);
  });

  it("twenty parallel logouts of one session store one revocation", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/users/logout", { token })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await testDb().select().from(revokedSessions).where(eq(revokedSessions.userId, user.id))).toHaveLength(1);
  });

  it("sweeps revocations of tokens that have expired anyway", async () => {
    const user = await makeUser();
    await testDb().insert(revokedSessions).values({ sid: "expired-session-sweep-1", userId: user.id, expiresAt: 1000 });
    await expectStatus(await call("POST", "/api/users/logout", { token: await loginToken(user.email, user.password) }), 200);
    expect(await testDb().select().from(revokedSessions).where(eq(revokedSessions.sid, "expired-session-sweep-1"))).toHaveLength(0);
  });

  it("a foreign Origin cannot log a cookie session out (403) and the session lives on", async () => {
    const user = await makeUser();
    const token = await loginToken(user.email, user.password);
    await expectError(await call("POST", "/api/users/logout", { cookie: token, origin: "https://evil.example" }), 403);
    await expectStatus(await me({ token }), 200);
  });
});

describe("POST /api/users/logout-everywhere", () => {
  it("ends every session of the user at once, and only that user's", async () => {
    const [user, bystander] = await Promise.all([makeUser(), makeUser()]);
    const a = await loginToken(user.email, user.password);
    const b = await loginToken(user.email, user.password);
    const other = await loginToken(bystander.email, bystander.password);
    await expectStatus(await call("POST", "/api/users/logout-everywhere", { token: a }), 200);
    await expectError(await me({ token: a }), 401);
    await expectError(await me({ token: b }), 401);
    await expectStatus(await me({ token: other }), 200);
    expect((await userRow(user.id))!.sessionVersion).toBe(user.sessionVersion + 1);
    // The password still works: logging in again starts a fresh session.
    await expectStatus(await me({ token: await loginToken(user.email, user.password) }), 200);
  });

  it("401 without a session; an expired token cannot end anything", async () => {
    const user = await makeUser();
    await expectError(await call("POST", "/api/users/logout-everywhere"), 401);
    const expired = await tokenFor(user, { now: Math.floor(Date.now() / 1000) - 2 * 86_400 });
    await expectError(await call("POST", "/api/users/logout-everywhere", { token: expired }), 401);
    expect((await userRow(user.id))!.sessionVersion).toBe(user.sessionVersion);
  });
});
