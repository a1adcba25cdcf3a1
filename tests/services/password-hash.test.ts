import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS, hashPassword, needsRehash, PRODUCTION_PARAMS, verifyPassword } from "~/.server/auth/password";

const PASSWORD = "Fairway-Drive-42";
// Below what new hashes use, here as deployed.
const WEAK_PARAMS = { N: 512, r: 8, p: 5, keyLen: 32 };

describe("hashPassword", () => {
  it("writes scrypt with N=16384, r=8, p=5, a 16-byte salt and a 32-byte key", async () => {
    expect(PRODUCTION_PARAMS).toEqual({ N: 16384, r: 8, p: 5, keyLen: 32 });
    const hash = await hashPassword(PASSWORD, PRODUCTION_PARAMS);
    expect(hash.startsWith("scrypt$16384$8$5$")).toBe(true);
    const [, , , , salt, key] = hash.split("$");
    expect(atob(salt)).toHaveLength(16);
    expect(atob(key)).toHaveLength(32);
    expect(hash).not.toContain(PASSWORD);
  });

  it("salts every hash: the same password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(PASSWORD, b)).toBe(true);
  });

  it("uses the parameters it is given and stores them", async () => {
    expect((await hashPassword(PASSWORD, WEAK_PARAMS)).startsWith("scrypt$512$8$5$")).toBe(true);
  });

  // The e2e suite checks that the build hashes with PRODUCTION_PARAMS (account-pages.spec.ts).
  it("under vitest, differs from production only in N, at a sixteenth of the cost", async () => {
    expect(CURRENT_PARAMS).toEqual({ ...PRODUCTION_PARAMS, N: 1024 });
    expect((await hashPassword(PASSWORD)).startsWith("scrypt$1024$8$5$")).toBe(true);
  });
});

describe("verifyPassword", () => {
  it("is true for the password and false for any other", async () => {
    const hash = await hashPassword(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword("fairway-drive-42", hash)).toBe(false);
    expect(await verifyPassword(`${PASSWORD} `, hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("checks a hash with the parameters stored in it", async () => {
    const old = await hashPassword(PASSWORD, WEAK_PARAMS);
    expect(await verifyPassword(PASSWORD, old)).toBe(true);
    expect(await verifyPassword("Other-Password-1", old)).toBe(false);
  });

  it("is false for anything that is not one of its hashes", async () => {
    const hash = await hashPassword(PASSWORD);
    const n = `$${CURRENT_PARAMS.N}$`;
    for (const stored of ["", PASSWORD, "pending", hash.replace("scrypt$", "bcrypt$"), hash.replace(n, "$abc$"), `${hash}$extra`]) {
      expect(await verifyPassword(PASSWORD, stored), stored).toBe(false);
    }
  });

  it("refuses a stored hash whose key is empty or too short, whatever the password", async () => {
    const [head, , , , salt] = (await hashPassword(PASSWORD)).split("$");
    const withKey = (key: string) => `${head}$16384$8$5$${salt}$${key}`;
    expect(await verifyPassword("anything", withKey("="))).toBe(false);
    expect(await verifyPassword(PASSWORD, withKey("AA=="))).toBe(false);
    expect(needsRehash(withKey("="))).toBe(true);
  });

  it("treats the same text in another Unicode form as the same password (NFKC)", async () => {
    const hash = await hashPassword("Caf\u00e9-Putter-42");
    expect(await verifyPassword("Cafe\u0301-Putter-42", hash)).toBe(true);
  });
});

describe("needsRehash", () => {
  it("is true for a hash made with a smaller N and false for today's", async () => {
    expect(needsRehash(await hashPassword(PASSWORD, WEAK_PARAMS))).toBe(true);
    expect(needsRehash(await hashPassword(PASSWORD))).toBe(false);
    expect(needsRehash(await hashPassword(PASSWORD, PRODUCTION_PARAMS))).toBe(false);
  });

  it("is true when any parameter is below today's, or the hash is unreadable", async () => {
    expect(needsRehash(await hashPassword(PASSWORD, { ...CURRENT_PARAMS, r: 4 }))).toBe(true);
    expect(needsRehash(await hashPassword(PASSWORD, { ...CURRENT_PARAMS, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword(PASSWORD, { ...CURRENT_PARAMS, keyLen: 16 }))).toBe(true);
    expect(needsRehash("not-a-hash")).toBe(true);
  });
});
