// Helpers for the accounts tests: users inserted straight into the real local D1, requests
// through the test Worker's real fetch, and session tokens signed as the app signs them.
// Storage is shared by the tests of one file, so every helper makes unique emails and
// client addresses (the abuse limits count per address).
import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { expect } from "vitest";
import { hashPassword } from "~/.server/auth/password";
import { type LoginKind, SESSION_COOKIE, signSession } from "~/.server/auth/session";
import { DEFAULT_LEAGUE_ID, memberships, rateLimits, type User, users } from "~/.server/db/schema";
import type { LeagueRole } from "~/lib/accounts/roles";
import { testDb, uniq } from "./fixtures";
import { recordMail, runResetJob, tokenInMail } from "./job-fixtures";

/** Meets every rule: ≥ 10 chars, upper, lower, digit. */
export const PASSWORD = "Fairway-Drive-42";
export const OTHER_PASSWORD = "Putter-Chains-77";
export const APP_ORIGIN = new URL(env.APP_URL).origin;
export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
export const INVALID_RESET = "Invalid or expired reset link.";

export const uniqueEmail = (tag = "user") => `${uniq(tag)}@example.com`;

let ipCounter = 0;
/** A client address (its own /64) no other request used (documentation range, never routed). */
export const uniqueIp = () => `2001:db8:${(++ipCounter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;

// scrypt costs ~100 ms; one hash per distinct password keeps the suites quick.
const hashes = new Map<string, Promise<string>>();
export function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type TestUser = User & { password: string };

export async function makeUser(
  input: { email?: string; name?: string; password?: string; isAdmin?: boolean; locked?: boolean } = {},
): Promise<TestUser> {
  const password = input.password ?? PASSWORD;
  const [row] = await testDb()
    .insert(users)
    .values({
      email: (input.email ?? uniqueEmail(input.isAdmin ? "admin" : "user")).toLowerCase(),
      name: input.name ?? `Name ${uniq()}`,
      passwordHash: await hashOf(password),
      // `isAdmin` makes the deployment's operator (ADR 47): every capability in every league.
      isOperator: input.isAdmin ?? false,
      locked: input.locked ?? false,
    })
    .returning();
  return { ...row, password };
}

/** The deployment's operator (`users.is_admin`, ADR 47): every admin page and call of every league. */
export const makeAdmin = (input: Parameters<typeof makeUser>[0] = {}) => makeUser({ ...input, isAdmin: true });

/** A role in the default league, written straight into memberships (an owner replaces the league's owner). */
export async function grantRole(userId: number, role: LeagueRole, leagueId = DEFAULT_LEAGUE_ID) {
  if (role === "owner")
    await testDb()
      .delete(memberships)
      .where(and(eq(memberships.leagueId, leagueId), eq(memberships.role, "owner")));
  await testDb()
    .insert(memberships)
    .values({ leagueId, userId, role })
    .onConflictDoUpdate({ target: [memberships.leagueId, memberships.userId], set: { role } });
}

/** A user holding `role` in the default league. */
export async function makeMember(role: LeagueRole, input: Parameters<typeof makeUser>[0] = {}): Promise<TestUser> {
  const user = await makeUser(input);
  await grantRole(user.id, role);
  return user;
}

export async function userRow(id: number): Promise<User | undefined> {
  const [row] = await testDb().select().from(users).where(eq(users.id, id));
  return row;
}

/** A session token exactly as the app signs one (the login kind "admin" for an operator unless given). */
export async function tokenFor(
  user: { id: number; sessionVersion: number; isOperator?: boolean },
  opts: { role?: LoginKind; maxAge?: number; now?: number } = {},
): Promise<string> {
  const role = opts.role ?? (user.isOperator ? "admin" : "user");
  return (await signSession(env, user, role, opts.maxAge, opts.now)).token;
}

export type CallOptions = {
  body?: unknown;
  token?: string;
  cookie?: string;
  origin?: string;
  ip?: string;
  headers?: Record<string, string>;
};

/** One request through the Worker's fetch (origin check, router, middleware, D1). */
export function call(method: string, path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers({ "CF-Connecting-IP": opts.ip ?? uniqueIp(), ...opts.headers });
  if (opts.body !== undefined) headers.set("Content-Type", "application/json");
  if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.cookie) headers.set("Cookie", `theme=dark; ${SESSION_COOKIE}=${opts.cookie}`);
  if (opts.origin) headers.set("Origin", opts.origin);
  const body = opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  return exports.default.fetch(new Request(`http://localhost${path}`, { method, headers, body }));
}

/** The JSON body, after checking the status (the body is shown when it differs). */
export async function expectStatus<T = any>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("Cache-Control") ?? "", "account answers are never cached").toContain("no-store");
  return JSON.parse(text) as T;
}

/** The API's error code for each status it refuses with (app/.server/errors.ts). */
export const CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "gone",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "unavailable",
};

/** The API's one error envelope (ADR 43) with the status's code; `message` checks the words too. */
export async function expectError(res: Response, status: number, message?: string) {
  const body = await expectStatus<Record<string, unknown>>(res, status);
  const requestId = res.headers.get("X-Request-Id");
  expect(requestId, "every /api answer names its request").toMatch(/\S/);
  expect(body).toMatchObject({ error: message ?? expect.any(String), code: CODES[status], requestId });
  return body;
}

export async function login(email: string, password: string, ip?: string) {
  return call("POST", "/api/users/login", { body: { email, password }, ip });
}

/** Logs in through the API and returns the token; fails the test unless it works. */
export async function loginToken(email: string, password: string): Promise<string> {
  return (await expectStatus<{ token: string }>(await login(email, password), 200)).token;
}

export const jwtParts = (token: string) => ({ header: decodeProtectedHeader(token), payload: decodeJwt(token) });

export const b64url = (value: unknown) =>
  btoa(typeof value === "string" ? value : JSON.stringify(value))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** Cookie attributes of a Set-Cookie header, name=value first. */
/** The session cookie's Set-Cookie attributes (other cookies, such as the D1 bookmark, left out). */
export const cookieParts = (res: Response) => (sessionSetCookie(res) ?? "").split(/;\s*/);

/** The Set-Cookie that sets or clears the session cookie, if the response has one. */
export const sessionSetCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? null;

/** A fresh reset token for `email`, made the way the queue consumer makes one (a new job). */
export async function resetTokenFor(email: string): Promise<string> {
  const { sent, send } = recordMail();
  expect(await runResetJob(email, send), `a reset mail for ${email}`).toBe("sent");
  const token = tokenInMail(sent[0]);
  expect(token).toBeDefined();
  return token!;
}

/** Moves a rate-limit window back in time, as if `seconds` had passed. */
export async function ageRateLimit(key: string, seconds: number) {
  const [row] = await testDb().select().from(rateLimits).where(eq(rateLimits.key, key));
  expect(row, `rate limit ${key}`).toBeDefined();
  await testDb()
    .update(rateLimits)
    .set({ windowStart: row.windowStart - seconds })
    .where(eq(rateLimits.key, key));
}
