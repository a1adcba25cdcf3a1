// The mail setting through the /api (GET and PUT /api/users/me/notifications), and the
// admin's opening of a round through the /api, which reaches the real queue and mails.
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { DAY, makeRound, nowSec, testDb } from "../fixtures";
import { prefsOf, subscriber } from "../registration-fixtures";
import { registrationMails } from "~/.server/db/schema";

const PATH = "/api/users/me/notifications";
const put = (body: unknown, opts: { token?: string; cookie?: string; origin?: string } = {}) => call("PUT", PATH, { body, ...opts });

describe("GET /api/users/me/notifications", () => {
  it("answers the user's setting: off until turned on", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    expect(await expectStatus(await call("GET", PATH, { token }), 200)).toEqual({
      notifications: { registrationOpens: false },
    });
    await expectStatus(await put({ registrationOpens: true }, { token }), 200);
    expect(await expectStatus(await call("GET", PATH, { token }), 200)).toEqual({
      notifications: { registrationOpens: true },
    });
  });

  it("401 without a session", async () => {
    await expectError(await call("GET", PATH), 401);
  });
});

describe("PUT /api/users/me/notifications", () => {
  it("turns the registration mail on and off, for the caller only", async () => {
    const [user, other] = [await makeUser(), await makeUser()];
    const token = await tokenFor(user);
    expect(await expectStatus(await put({ registrationOpens: true }, { token }), 200)).toEqual({
      success: true,
      notifications: { registrationOpens: true },
    });
    expect((await prefsOf(user.id))?.notifyRegistration).toBe(true);
    expect((await prefsOf(other.id))?.notifyRegistration ?? false).toBe(false);
    await expectStatus(await put({ registrationOpens: false }, { token }), 200);
    expect((await prefsOf(user.id))?.notifyRegistration).toBe(false);
  });

  it("no longer sets the card and waitlist mails: those are kinds of message (PUT /api/messages/prefs, ADR 49)", async () => {
    const user = await subscriber();
    await expectStatus(await put({ registrationOpens: true, cardsPublished: true, waitlist: true }, { token: await tokenFor(user) }), 200);
    expect(await prefsOf(user.id)).toMatchObject({ notifyRegistration: true, notifyCards: false, notifyWaitlist: false });
  });

  it.each([
    ["a missing field", {}],
    ["a string", { registrationOpens: "true" }],
    ["a number", { registrationOpens: 1 }],
    ["null", { registrationOpens: null }],
  ])("400 for %s, nothing changed", async (_, body) => {
    const user = await subscriber();
    await expectError(await put(body, { token: await tokenFor(user) }), 400, "registrationOpens must be true or false");
    expect((await prefsOf(user.id))?.notifyRegistration).toBe(true);
  });

  it("401 without a session or with a bad token; 403 for a cookie session's write from another site", async () => {
    const user = await subscriber();
    await expectError(await put({ registrationOpens: false }), 401);
    await expectError(await put({ registrationOpens: false }, { token: "not-a-token" }), 401);
    await expectError(await put({ registrationOpens: false }, { cookie: await tokenFor(user), origin: "https://evil.example" }), 403);
    expect((await prefsOf(user.id))?.notifyRegistration).toBe(true);
    // The same cookie from our own origin is fine.
    await expectStatus(await put({ registrationOpens: false }, { cookie: await tokenFor(user), origin: APP_ORIGIN }), 200);
  });
});

describe("POST /api/admin/round/openForRegistration mails through the real queue", () => {
  it("an opening reaches the consumer, which mails each opted-in user once", async () => {
    const [user, admin] = [await subscriber(), await makeUser({ isAdmin: true })];
    const round = await makeRound({ openForRegistration: false, startsAt: nowSec() + DAY });
    const body = { id: round.id, openForRegistration: true };
    await expectStatus(await call("POST", "/api/admin/round/openForRegistration", { token: await tokenFor(admin), body }), 200);
    const mailed = () =>
      testDb()
        .select()
        .from(registrationMails)
        .where(and(eq(registrationMails.roundId, round.id), eq(registrationMails.userId, user.id), isNotNull(registrationMails.mailedAt)));
    const deadline = Date.now() + 15_000;
    while ((await mailed()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await mailed()).toHaveLength(1);
  });
});
