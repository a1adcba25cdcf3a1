// The login limits (ADR 7): every attempt is counted before the password is checked, so a
// burst of parallel guesses never gets more checks than the limit; the per-account limit
// is per client, with an account-wide ceiling that does not apply to the owner's own device.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientKey } from "~/.server/client-address";
import { rateLimits } from "~/.server/db/schema";
import { LIMITS } from "~/.server/rate-limit";
import { testDb } from "../fixtures";
import { TOO_MANY, ageRateLimit, expectError, expectStatus, login, makeUser, uniqueEmail, uniqueIp } from "../auth-fixtures";

const LOGIN_FAILED = "Invalid email or password";

const countOf = async (key: string) => (await testDb().select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

/** Status codes of `n` parallel logins, counted by status. */
async function burst(n: number, email: string, password: (i: number) => string, ip: (i: number) => string) {
  const statuses = await Promise.all(Array.from({ length: n }, (_, i) => login(email, password(i), ip(i)).then((r) => r.status)));
  const tally: Record<number, number> = {};
  for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
  return tally;
}

describe("login limits", () => {
  it("refuses the 11th attempt from one client (429), even with the right password, until the window passes", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    for (let i = 1; i <= 10; i++) await expectError(await login(user.email, `Wrong-Guess-${i}`, ip), 401, LOGIN_FAILED);
    await expectError(await login(user.email, user.password, ip), 429, TOO_MANY);
    // The attacker's failures do not stop the owner on another client.
    await expectStatus(await login(user.email, user.password, uniqueIp()), 200);

    const pairKey = `login:acct-client:${user.email}|${clientKey(ip)}`;
    await ageRateLimit(pairKey, 15 * 60 + 1);
    await expectStatus(await login(user.email, user.password, ip), 200);
    // A good login clears this client's count for the account.
    expect(await countOf(pairKey)).toBe(0);
  }, 20_000);

  it("40 parallel wrong passwords from one client: exactly 10 are checked, 30 refused", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    const tally = await burst(
      40,
      user.email,
      (i) => `Wrong-Guess-${i}`,
      () => ip,
    );
    expect(tally).toEqual({ 401: LIMITS.loginAccountClient.max, 429: 40 - LIMITS.loginAccountClient.max });
  }, 30_000);

  it("parallel guesses from many clients stop at the account-wide ceiling, but never on the owner's own device", async () => {
    const user = await makeUser();
    const home = uniqueIp();
    await expectStatus(await login(user.email, user.password, home), 200);

    const n = LIMITS.loginAccount.max + 15;
    const tally = await burst(
      n,
      user.email,
      (i) => `Wrong-Guess-${i}`,
      () => uniqueIp(),
    );
    expect(tally).toEqual({ 401: LIMITS.loginAccount.max, 429: 15 });

    // A new device is held back while the account is under attack; the owner's is not.
    await expectError(await login(user.email, user.password, uniqueIp()), 429, TOO_MANY);
    await expectStatus(await login(user.email, user.password, home), 200);
  }, 60_000);

  it("right passwords give their count back: a player who logs in often is never refused", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    for (let i = 0; i < 12; i++) await expectStatus(await login(user.email, user.password, ip), 200);
    expect(await countOf(`login:ip:${clientKey(ip)}`)).toBe(0);
  }, 30_000);

  it("limits one client address across accounts without stopping other addresses", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    await expectError(await login(uniqueEmail("probe"), "Wrong-Guess-1", ip), 401);
    const key = `login:ip:${clientKey(ip)}`;
    expect(await countOf(key)).toBe(1);
    // As if this address had already failed 50 times in the window.
    await testDb().update(rateLimits).set({ count: 50 }).where(eq(rateLimits.key, key));
    await expectError(await login(user.email, user.password, ip), 429, TOO_MANY);
    await expectStatus(await login(user.email, user.password, uniqueIp()), 200);
  });

  it("counts an IPv6 client per /64: another address in the same /64 shares the limit", async () => {
    const user = await makeUser();
    const base = uniqueIp().replace(/::1$/, "");
    for (let i = 1; i <= 10; i++) await expectError(await login(user.email, `Wrong-Guess-${i}`, `${base}::${i.toString(16)}`), 401);
    await expectError(await login(user.email, user.password, `${base}:ffff:ffff:ffff:ffff`), 429, TOO_MANY);
  }, 20_000);
});
