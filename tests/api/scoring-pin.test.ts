// The scoring PIN (ADR 26) through the /api: set, cleared, checked by the live round, and
// only for the caller.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, makeUser, tokenFor, userRow } from "../auth-fixtures";
import { hasScoringPin, pinMatches } from "~/.server/services/accounts/scoring-pin";
import { testDb } from "../fixtures";

const PATH = "/api/users/me/scoring-pin";
const put = (body: unknown, opts: { token?: string; cookie?: string; origin?: string } = {}) => call("PUT", PATH, { body, ...opts });

describe("PUT /api/users/me/scoring-pin", () => {
  it("sets a PIN the live round then accepts, stored hashed, for the caller only; null clears it", async () => {
    const [user, other] = [await makeUser(), await makeUser()];
    const token = await tokenFor(user);
    expect(await expectStatus(await put({ pin: "0429" }, { token }), 200)).toEqual({ success: true, scoringPin: true });
    const stored = (await userRow(user.id))?.scoringPinHash ?? null;
    expect(stored).not.toContain("0429");
    expect(await pinMatches(stored, "0429")).toBe(true);
    expect(await pinMatches(stored, "0430")).toBe(false);
    expect(await hasScoringPin(testDb(), other.id)).toBe(false);
    expect(await expectStatus(await put({ pin: null }, { token }), 200)).toEqual({ success: true, scoringPin: false });
    expect(await hasScoringPin(testDb(), user.id)).toBe(false);
  });

  it("refuses a PIN that is not 4 digits and changes nothing", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    for (const pin of ["123", "12345", "12a4", 1234]) {
      const body = await expectError(await put({ pin }, { token }), 400);
      expect(body.error).toContain("4 digits");
    }
    expect(await hasScoringPin(testDb(), user.id)).toBe(false);
  });

  it("401 without a session; 403 for the cookie from a foreign Origin", async () => {
    await expectError(await put({ pin: "1111" }), 401);
    const user = await makeUser();
    const cookie = await tokenFor(user);
    await expectError(await put({ pin: "1111" }, { cookie, origin: "https://evil.example" }), 403);
    expect(await hasScoringPin(testDb(), user.id)).toBe(false);
    await expectStatus(await put({ pin: "1111" }, { cookie, origin: APP_ORIGIN }), 200);
    expect(await hasScoringPin(testDb(), user.id)).toBe(true);
  });
});
