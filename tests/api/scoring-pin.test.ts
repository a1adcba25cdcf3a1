// The scoring PIN (ADR 26) through the /api and the /profile form: set (with the account's
// password), cleared, checked by the live round, and only for the caller.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, PASSWORD, call, expectError, expectStatus, makeUser, tokenFor, userRow } from "../auth-fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { hasScoringPin, pinMatches } from "~/.server/services/accounts/scoring-pin";
import { testDb } from "../fixtures";
import * as profilePage from "~/routes/profile";

const PATH = "/api/users/me/scoring-pin";
const put = (body: unknown, opts: { token?: string; cookie?: string; origin?: string } = {}) => call("PUT", PATH, { body, ...opts });

describe("PUT /api/users/me/scoring-pin", () => {
  it("sets a PIN the live round then accepts, stored hashed, for the caller only; null clears it", async () => {
    const [user, other] = [await makeUser(), await makeUser()];
    const token = await tokenFor(user);
    expect(await expectStatus(await put({ pin: "0429", currentPassword: user.password }, { token }), 200)).toEqual({
      success: true,
      scoringPin: true,
    });
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
      const body = await expectError(await put({ pin, currentPassword: user.password }, { token }), 400);
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
    await expectStatus(await put({ pin: "1111", currentPassword: user.password }, { cookie, origin: APP_ORIGIN }), 200);
    expect(await hasScoringPin(testDb(), user.id)).toBe(true);
  });

  it("setting or changing a PIN takes the account's password; clearing it does not", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const pinIs = async (pin: string) => pinMatches((await userRow(user.id))?.scoringPinHash ?? null, pin);
    expect((await expectError(await put({ pin: "0429" }, { token }), 400)).error).toBe("Enter your current password to set a PIN");
    await expectError(await put({ pin: "0429", currentPassword: "Not-The-One-1" }, { token }), 400, "Current password is incorrect");
    expect(await hasScoringPin(testDb(), user.id)).toBe(false);
    await expectStatus(await put({ pin: "0429", currentPassword: user.password }, { token }), 200);
    // Changing it: the same.
    await expectError(await put({ pin: "1111" }, { token }), 400);
    await expectError(await put({ pin: "1111", currentPassword: "Not-The-One-1" }, { token }), 400);
    expect(await pinIs("0429")).toBe(true);
    await expectStatus(await put({ pin: "1111", currentPassword: user.password }, { token }), 200);
    expect(await pinIs("1111")).toBe(true);
    await expectStatus(await put({ pin: null }, { token }), 200);
    expect(await hasScoringPin(testDb(), user.id)).toBe(false);
  });
});

describe("/profile: the scoring PIN form", () => {
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return new Request("http://localhost/profile", { method: "POST", body });
  };

  it("asks for the current password to set a PIN, and sets it with the right one", async () => {
    const session = (await sessionOf("player")) as Session;
    const save = (fields: Record<string, string>) =>
      outcome(profilePage.action(argsWith(session, form({ intent: "scoringPin", do: "set", pin: "2468", ...fields }))));
    const missing = await save({});
    expect(missing.status).toBe(400);
    expect(missing.data.fieldErrors.currentPassword).toBe("Enter your current password to set a PIN");
    const wrong = await save({ currentPassword: "Not-The-One-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.fieldErrors.currentPassword).toBe("Current password is incorrect");
    expect(await hasScoringPin(testDb(), session.user.id)).toBe(false);
    expect((await save({ currentPassword: PASSWORD })).data.scoringPin).toContain("Your scoring PIN is set");
    expect(await hasScoringPin(testDb(), session.user.id)).toBe(true);
  });
});
