// Who gets through the admin routes: every forged, stale or foreign token is a 401,
// a real user who is not an admin is a 403 'Not an admin'.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ADMIN_SESSION_SECONDS } from "~/.server/auth/session";
import { users } from "~/.server/db/schema";
import { nowSec, testDb } from "../fixtures";
import {
  APP_ORIGIN,
  PASSWORD,
  b64url,
  call,
  expectError,
  expectStatus,
  jwtParts,
  loginToken,
  makeAdmin,
  makeUser,
  tokenFor,
  uniqueEmail,
  userRow,
} from "../auth-fixtures";

const listUsers = (token?: string) => call("GET", "/api/admin/users", { token });
const secret = () => new TextEncoder().encode(env.SESSION_SECRET);

/** A token with the app's claims and kid, signed however the test likes. */
async function handSigned(
  user: { id: number; sessionVersion: number },
  opts: { alg?: string; kid?: string; key?: Uint8Array; exp?: number } = {},
) {
  const { header } = jwtParts(await tokenFor({ ...user, isOperator: true }));
  return new SignJWT({ role: "admin", sv: user.sessionVersion, sid: "hand-signed-session-0001" })
    .setProtectedHeader({ alg: opts.alg ?? "HS256", kid: opts.kid ?? header.kid })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? nowSec() + 3600)
    .sign(opts.key ?? secret());
}

describe("admin routes: who may call them", () => {
  const ADDED = uniqueEmail("added-by-user");
  const routes: [string, string, unknown?][] = [
    ["GET", "/api/admin/users"],
    ["GET", "/api/admin/users/{id}"],
    ["DELETE", "/api/admin/users/{id}"],
    ["POST", "/api/admin/users/{id}/lock"],
    ["POST", "/api/admin/users/{id}/unlock"],
    ["POST", "/api/admin/users/{id}/reset-password"],
    ["POST", "/api/admin/user/add", { email: ADDED, name: "Nope", password: PASSWORD }],
  ];

  it.each(routes)(
    "%s %s: 401 without a token, 403 'Not an admin' for a user's token, and nothing changes",
    async (method, template, body) => {
      const [user, target] = await Promise.all([makeUser(), makeUser()]);
      const path = (id: number) => template.replace("{id}", String(id));
      await expectError(await call(method, path(target.id), { body }), 401, "Please log in.");
      const userToken = await loginToken(user.email, user.password);
      await expectError(await call(method, path(target.id), { body, token: userToken }), 403, "Not an admin");
      // The same user's session cookie, from our own origin, fares no better.
      await expectError(await call(method, path(target.id), { body, cookie: userToken, origin: APP_ORIGIN }), 403, "Not an admin");
      const { password: _p, ...before } = target;
      expect(await userRow(target.id)).toEqual(before);
      expect(await testDb().select().from(users).where(eq(users.email, ADDED))).toHaveLength(0);
    },
  );
});

describe("admin session tokens", () => {
  it("a real admin token passes, as bearer or cookie", async () => {
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    await expectStatus(await listUsers(token), 200);
    await expectStatus(await call("GET", "/api/admin/users", { cookie: token }), 200);
  });

  it("401 for a tampered signature or payload", async () => {
    const [admin, user] = await Promise.all([makeAdmin(), makeUser()]);
    const [h, p, s] = (await tokenFor(admin)).split(".");
    const flipped = s[10] === "A" ? "B" : "A";
    await expectError(await listUsers(`${h}.${p}.${s.slice(0, 10)}${flipped}${s.slice(11)}`), 401);
    // The admin's signature on a payload naming someone else.
    const forged = b64url({ ...jwtParts(`${h}.${p}.${s}`).payload, sub: String(user.id) });
    await expectError(await listUsers(`${h}.${forged}.${s}`), 401);
    await expectError(await listUsers(`${h}.${p}`), 401);
  });

  it("401 for an unsigned `alg: none` token", async () => {
    const admin = await makeAdmin();
    const { header, payload } = jwtParts(await tokenFor(admin));
    const unsigned = `${b64url({ ...header, alg: "none" })}.${b64url(payload)}.`;
    await expectError(await listUsers(unsigned), 401);
    await expectError(await listUsers(`${unsigned}${(await tokenFor(admin)).split(".")[2]}`), 401);
  });

  it("401 for an expired token", async () => {
    const admin = await makeAdmin();
    const longAgo = nowSec() - ADMIN_SESSION_SECONDS - 60;
    const expired = await tokenFor(admin, { now: longAgo });
    expect(jwtParts(expired).payload.exp).toBeLessThan(nowSec());
    await expectError(await listUsers(expired), 401);
    await expectError(await listUsers(await handSigned(admin, { exp: nowSec() - 1 })), 401);
  });

  it("401 for the right secret under another algorithm (HS512), kid or key", async () => {
    const admin = await makeAdmin();
    await expectStatus(await listUsers(await handSigned(admin)), 200); // the hand-made token is otherwise good
    await expectError(await listUsers(await handSigned(admin, { alg: "HS512" })), 401);
    await expectError(await listUsers(await handSigned(admin, { kid: "000000000000" })), 401);
    const otherKey = new TextEncoder().encode("another-secret-0123456789abcdef0123456789");
    await expectError(await listUsers(await handSigned(admin, { key: otherKey })), 401);
  });

  it("401 at once for a locked admin's live session, and after unlock the old session stays ended", async () => {
    const [admin, other] = await Promise.all([makeAdmin(), makeAdmin()]);
    const token = await loginToken(admin.email, admin.password);
    await expectStatus(await listUsers(token), 200);
    await expectStatus(await call("POST", `/api/admin/users/${admin.id}/lock`, { token: await tokenFor(other) }), 200);
    await expectError(await listUsers(token), 401);
    await expectStatus(await call("POST", `/api/admin/users/${admin.id}/unlock`, { token: await tokenFor(other) }), 200);
    await expectError(await listUsers(token), 401);
  });

  it("401 at once for a locked user's live session", async () => {
    const [user, admin] = await Promise.all([makeUser(), makeAdmin()]);
    const token = await loginToken(user.email, user.password);
    await expectStatus(await call("GET", "/api/users/me", { token }), 200);
    await expectStatus(await call("POST", `/api/admin/users/${user.id}/lock`, { token: await tokenFor(admin) }), 200);
    await expectError(await call("GET", "/api/users/me", { token }), 401);
  });

  it("401 for the token of a deleted user", async () => {
    const [admin, other] = await Promise.all([makeAdmin(), makeAdmin()]);
    const token = await tokenFor(admin);
    await expectStatus(await call("DELETE", `/api/admin/users/${admin.id}`, { token: await tokenFor(other) }), 200);
    await expectError(await listUsers(token), 401);
  });

  // The token's role claim grants nothing (ADR 47): the session lives on, its rows say what it may do.
  it("403 'Not an admin' for an admin token once the user is no longer the operator", async () => {
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    await testDb().update(users).set({ isOperator: false }).where(eq(users.id, admin.id));
    await expectError(await listUsers(token), 403, "Not an admin");
  });

  it("403 'Not an admin' for an admin-kind token signed for a user who holds no role", async () => {
    const user = await makeUser();
    await expectError(await listUsers(await tokenFor(user, { role: "admin" })), 403, "Not an admin");
  });
});
