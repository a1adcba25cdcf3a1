import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { USER_SESSION_SECONDS } from "~/.server/auth/session";
import { users } from "~/.server/db/schema";
import { testDb } from "../fixtures";
import { PASSWORD, TOO_MANY, call, cookieParts, expectError, expectStatus, makeUser, uniqueEmail, uniqueIp } from "../auth-fixtures";

const register = (body: unknown, ip?: string) => call("POST", "/api/users/register", { body, ip });
const checkEmail = (email: string) => call("GET", `/api/users/check-email?email=${encodeURIComponent(email)}`);
const rowsWithEmail = (email: string) => testDb().select().from(users).where(eq(users.email, email.toLowerCase()));

describe("POST /api/users/register", () => {
  it("creates the user, answers 201 with a token and the user, and sets a safe session cookie", async () => {
    const email = uniqueEmail("reg");
    const res = await register({ email: `  ${email.toUpperCase()} `, name: "  Reggie Putter  ", password: PASSWORD });
    const body = await expectStatus(res, 201);
    expect(body).toEqual({
      success: true,
      token: expect.any(String),
      user: { id: expect.any(Number), name: "Reggie Putter", email, isAdmin: false, linked_player: null, claimStatus: null },
    });

    const [pair, ...attrs] = cookieParts(res);
    expect(pair).toBe(`__Host-session=${body.token}`);
    expect(attrs).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "SameSite=Lax", "Path=/", `Max-Age=${USER_SESSION_SECONDS}`]));

    // Stored lower-cased, with a salted hash and never the password itself.
    const [row] = await rowsWithEmail(email);
    expect(row).toMatchObject({ id: body.user.id, email, isOperator: false, locked: false });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(PASSWORD);

    // The new session works at once, and so does logging in again.
    const me = await expectStatus(await call("GET", "/api/users/me", { token: body.token }), 200);
    expect(me.user.id).toBe(body.user.id);
    await expectStatus(await call("POST", "/api/users/login", { body: { email, password: PASSWORD } }), 200);
  });

  it("refuses an email already in use, whatever its case (409), and keeps the first account", async () => {
    const existing = await makeUser();
    const res = await register({ email: existing.email.toUpperCase(), name: "Copycat", password: PASSWORD });
    await expectError(res, 409, "Email is already in use");
    const rows = await rowsWithEmail(existing.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe(existing.name);
  });

  it("one email registered twenty times at once: one account, every other answer 409 (never a 500)", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register({ email, name: `Racer ${i}`, password: PASSWORD })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await rowsWithEmail(email)).toHaveLength(1);
  }, 30_000); // twenty scrypt hashes on one workerd thread

  it.each([
    ["no email", { name: "N", password: PASSWORD }, "Email is required"],
    ["a bad email", { email: "not-an-email", name: "N", password: PASSWORD }, "Enter a valid email address"],
    ["no name", { email: "EMAIL", password: PASSWORD }, "Name is required"],
    ["a blank name", { email: "EMAIL", name: "   ", password: PASSWORD }, "Name is required"],
    ["no password", { email: "EMAIL", name: "N" }, "Password is required"],
    ["a password over 200 chars", { email: "EMAIL", name: "N", password: `Aa1${"x".repeat(200)}` }, "Password is too long"],
  ])("400 for %s, and nothing is stored", async (_case, input, message) => {
    const email = uniqueEmail("bad");
    const body = JSON.parse(JSON.stringify(input).replace("EMAIL", email));
    await expectError(await register(body), 400, message);
    expect(await rowsWithEmail(email)).toHaveLength(0);
  });

  it("400 (never 500) for a body that is not JSON", async () => {
    await expectError(await register("{not json"), 400);
  });
});

describe("password policy", () => {
  it.each([
    ["too short (9 chars)", "Abcdefgh1"],
    ["no uppercase letter", "abcdefghij1"],
    ["no lowercase letter", "ABCDEFGHIJ1"],
    ["no digit", "Abcdefghijk"],
  ])("refuses a password with %s", async (_rule, password) => {
    const email = uniqueEmail("weak");
    await expectError(await register({ email, name: "Weak", password }), 400, "Password does not meet complexity requirements");
    expect(await rowsWithEmail(email)).toHaveLength(0);
  });

  it("accepts a password of exactly 10 chars with upper, lower and digit", async () => {
    const email = uniqueEmail("ok");
    await expectStatus(await register({ email, name: "Okay", password: "Abcdefghi1" }), 201);
    expect(await rowsWithEmail(email)).toHaveLength(1);
  });
});

describe("GET /api/users/check-email", () => {
  it("says whether an account exists, ignoring case and spaces", async () => {
    const user = await makeUser();
    expect(await expectStatus(await checkEmail(user.email), 200)).toEqual({ exists: true });
    expect(await expectStatus(await checkEmail(` ${user.email.toUpperCase()} `), 200)).toEqual({ exists: true });
    expect(await expectStatus(await checkEmail(uniqueEmail("nobody")), 200)).toEqual({ exists: false });
  });

  it("400 for a bad or missing email", async () => {
    await expectError(await checkEmail("nope"), 400, "Enter a valid email address");
    await expectError(await call("GET", "/api/users/check-email"), 400);
  });
});

describe("registrations per client address", () => {
  it("allows 10 attempts an hour from one address, then 429; another address is unaffected", async () => {
    const ip = uniqueIp();
    const first = uniqueEmail("limit");
    await expectStatus(await register({ email: first, name: "First", password: PASSWORD }, ip), 201);
    // Failed attempts count too (duplicates skip the costly hash, so they are quick).
    for (let i = 2; i <= 10; i++) {
      await expectError(await register({ email: first, name: "Again", password: PASSWORD }, ip), 409);
    }
    const blocked = uniqueEmail("limit");
    await expectError(await register({ email: blocked, name: "Blocked", password: PASSWORD }, ip), 429, TOO_MANY);
    expect(await rowsWithEmail(blocked)).toHaveLength(0);

    await expectStatus(await register({ email: blocked, name: "Elsewhere", password: PASSWORD }, uniqueIp()), 201);
  });
});
