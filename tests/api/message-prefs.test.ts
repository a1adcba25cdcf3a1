// A player's choice per kind of message through the league's /api (ADR 49): GET and PUT
// /api/messages/prefs, each league's its own, its members' only.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeLeague, memberOf, prefRows } from "../message-fixtures";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { NOT_A_MEMBER } from "~/.server/services/messages/prefs-edit";
import { DEFAULT_PREFS, MESSAGE_PREFS_SAVED } from "~/lib/messages/prefs";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import * as preferencesPage from "~/routes/preferences";

const PATH = "/api/messages/prefs";
type Opts = { token?: string; cookie?: string; origin?: string; base?: string };
const get = (opts: Opts = {}) => call("GET", `${opts.base ?? ""}${PATH}`, opts);
const put = (body: unknown, opts: Opts = {}) => call("PUT", `${opts.base ?? ""}${PATH}`, { body, ...opts });

/** A member of the default league and their token. */
async function member() {
  const user = await makeUser();
  await memberOf(DEFAULT_LEAGUE_ID, user.id);
  return { user, token: await tokenFor(user) };
}

describe("GET /api/messages/prefs", () => {
  it("answers every kind at its default (auto) before the member chose", async () => {
    const { token } = await member();
    expect(await expectStatus(await get({ token }), 200)).toEqual({ prefs: DEFAULT_PREFS });
  });

  it("401 without a session; 403 for an account that is not a member", async () => {
    await expectError(await get(), 401);
    const stranger = await makeUser();
    await expectError(await get({ token: await tokenFor(stranger) }), 403, NOT_A_MEMBER);
  });
});

describe("PUT /api/messages/prefs", () => {
  it("saves push, mail and off, reads them back, and auto deletes the row", async () => {
    const { user, token } = await member();
    const saved = await expectStatus(await put({ prefs: { cards: "push", reminder: "mail", results: "off" } }, { token }), 200);
    expect(saved).toEqual({ success: true, prefs: { ...DEFAULT_PREFS, cards: "push", reminder: "mail", results: "off" } });
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ cards: "push", reminder: "mail", results: "off" });
    expect(await expectStatus(await get({ token }), 200)).toEqual({ prefs: saved.prefs });
    // A kind left out keeps its choice; auto goes back to the default: no row.
    await expectStatus(await put({ prefs: { cards: "auto", ace: "push" } }, { token }), 200);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ reminder: "mail", results: "off", ace: "push" });
    expect((await expectStatus(await get({ token }), 200)).prefs).toMatchObject({ cards: "auto", ace: "push", reminder: "mail" });
    // Every kind at once, then every kind back.
    const all = Object.fromEntries(Object.keys(DEFAULT_PREFS).map((k) => [k, "off"]));
    expect((await expectStatus(await put({ prefs: all }, { token }), 200)).prefs).toEqual(all);
    const auto = Object.fromEntries(Object.keys(DEFAULT_PREFS).map((k) => [k, "auto"]));
    expect((await expectStatus(await put({ prefs: auto }, { token }), 200)).prefs).toEqual(DEFAULT_PREFS);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({});
  });

  it("is the request's league's only: another league's choices stay as they were", async () => {
    const { user, token } = await member();
    const second = await makeLeague();
    await memberOf(second.id, user.id);
    const base = `/l/${second.slug}`;
    await expectStatus(await put({ prefs: { cards: "mail", waitlist: "off" } }, { token, base }), 200);
    await expectStatus(await put({ prefs: { cards: "push" } }, { token }), 200);
    expect(await prefRows(user.id, second.id)).toEqual({ cards: "mail", waitlist: "off" });
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ cards: "push" });
    expect((await expectStatus(await get({ token, base }), 200)).prefs).toMatchObject({ cards: "mail", waitlist: "off" });
    await expectStatus(await put({ prefs: { cards: "auto" } }, { token, base }), 200);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ cards: "push" });
  });

  it("403 for a member of another league only, nothing written", async () => {
    const user = await makeUser();
    const second = await makeLeague();
    await memberOf(second.id, user.id);
    await expectError(await put({ prefs: { cards: "push" } }, { token: await tokenFor(user) }), 403, NOT_A_MEMBER);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({});
  });

  it.each([
    ["no prefs", {}],
    ["prefs not an object", { prefs: "push" }],
    ["an unknown kind", { prefs: { birthday: "push" } }],
    ["an unknown channel", { prefs: { cards: "sms" } }],
    ["a channel in capitals", { prefs: { cards: "PUSH" } }],
    ["a channel not a string", { prefs: { cards: true } }],
    ["null", { prefs: { cards: null } }],
  ])("400 for %s, nothing changed", async (_, body) => {
    const { user, token } = await member();
    await expectStatus(await put({ prefs: { reminder: "mail" } }, { token }), 200);
    await expectError(await put(body, { token }), 400);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ reminder: "mail" });
  });

  it("401 without a session or with a bad token; 403 for a cookie session's write from another site", async () => {
    const { user, token } = await member();
    await expectError(await put({ prefs: { cards: "off" } }), 401);
    await expectError(await put({ prefs: { cards: "off" } }, { token: "not-a-token" }), 401);
    await expectError(await put({ prefs: { cards: "off" } }, { cookie: token, origin: "https://evil.example" }), 403);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({});
    // The same cookie from our own origin is fine.
    await expectStatus(await put({ prefs: { cards: "off" } }, { cookie: token, origin: APP_ORIGIN }), 200);
    expect(await prefRows(user.id, DEFAULT_LEAGUE_ID)).toEqual({ cards: "off" });
  });
});

describe("a league's /preferences: the messages form", () => {
  const post = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    return new Request("http://localhost/preferences", { method: "POST", body });
  };

  it("shows a member's choices and saves the radios posted together; auto deletes the row", async () => {
    const session = (await sessionOf("player")) as Session;
    await memberOf(DEFAULT_LEAGUE_ID, session.user.id);
    const shown = await outcome(preferencesPage.loader(argsWith(session, new Request("http://localhost/preferences"))));
    expect(shown.data.messages).toEqual({ member: true, prefs: DEFAULT_PREFS });
    const saved = await outcome(
      preferencesPage.action(
        argsWith(session, post({ intent: "messagePrefs", cards: "mail", reminder: "off", ace: "push", results: "auto" })),
      ),
    );
    expect(saved).toMatchObject({ status: 200, data: { messagePrefs: MESSAGE_PREFS_SAVED } });
    expect(await prefRows(session.user.id, DEFAULT_LEAGUE_ID)).toEqual({ cards: "mail", reminder: "off", ace: "push" });
    await outcome(preferencesPage.action(argsWith(session, post({ intent: "messagePrefs", cards: "auto" }))));
    expect(await prefRows(session.user.id, DEFAULT_LEAGUE_ID)).toEqual({ reminder: "off", ace: "push" });
  });

  it("a bad value: 400 naming the kind, nothing changed; a non-member: no form, and a post is refused", async () => {
    const session = (await sessionOf("player")) as Session;
    const bad = await outcome(preferencesPage.action(argsWith(session, post({ intent: "messagePrefs", cards: "sms" }))));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.cards).toBe("cards: choose push, mail, off or auto");
    const shown = await outcome(preferencesPage.loader(argsWith(session, new Request("http://localhost/preferences"))));
    expect(shown.data.messages.member).toBe(false);
    const refused = await outcome(preferencesPage.action(argsWith(session, post({ intent: "messagePrefs", cards: "mail" }))));
    expect(refused).toMatchObject({ status: 403, data: { formError: NOT_A_MEMBER } });
    expect(await prefRows(session.user.id, DEFAULT_LEAGUE_ID)).toEqual({});
  });
});
