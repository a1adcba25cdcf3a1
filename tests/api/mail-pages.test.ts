// The mail pages through their route modules (the test Worker has no React Router build):
// each league's opt-in form (its /preferences, which /profile's group of the league posts to)
// and its /unsubscribe, whose signed link alone is the authority — with or without a login,
// whoever is logged in (ADR 46: both per league).
import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser, tokenFor } from "../auth-fixtures";
import { testDb } from "../fixtures";
import { choose, prefsOf, subscriber } from "../registration-fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import type { Session } from "~/.server/auth/current-user";
import { signUnsubscribe } from "~/.server/auth/unsubscribe-link";
import { grantRole } from "../auth-fixtures";
import { leagues } from "~/.server/db/schema";
import type { League } from "~/.server/league";
import { MAIL_OPTIN_OFF, MAIL_OPTIN_ON } from "~/routes/mail-optin-form.server";
import { CALENDAR_CREATED } from "~/routes/calendar-form.server";
import { ensureCalendarToken, feedOrigin } from "~/.server/services/rounds/calendar";
import { getDb } from "~/.server/db/client";
import { INVALID_UNSUBSCRIBE_LINK } from "~/schemas/notifications";
import * as preferencesPage from "~/routes/preferences";
import * as profilePage from "~/routes/profile";
import * as unsubscribePage from "~/routes/unsubscribe";
import * as calendarFeed from "~/routes/calendar-feed";

const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
};
const notifyOf = async (id: number, leagueId = 1) => (await prefsOf(id, leagueId))?.notifyRegistration ?? false;
/** A link as sent before links named their league: the default league's. */
const signedPath = async (id: number) => `/unsubscribe?u=${id}&t=${await signUnsubscribe(env.SESSION_SECRET, id)}`;
/** A link as a league's mail writes it now. */
const leaguePath = async (id: number, league: League) =>
  `/unsubscribe?u=${id}&l=${league.id}&t=${await signUnsubscribe(env.SESSION_SECRET, id, league.id)}`;
const ONE_CLICK = { "List-Unsubscribe": "One-Click" };

let second: League;
beforeAll(async () => {
  forgetLeagues();
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: "mail-second", name: "Second Tuesday League", timeZone: "America/Denver" })
    .returning();
  second = {
    id: row.id,
    slug: row.slug,
    name: "Second Tuesday League",
    timeZone: "America/Denver",
    status: "active",
    epoch: 0,
    isDefault: false,
    suspendedAt: null,
    closedAt: null,
  };
});
afterAll(() => forgetLeagues());

describe("a league's /preferences: the mail opt-in form", () => {
  it("turns the mail on and off; /profile's loader shows the stored setting", async () => {
    const session = (await sessionOf("player")) as Session;
    const optIn = (fields: Record<string, string>) => outcome(preferencesPage.action(argsWith(session, post("/preferences", fields))));
    const saved = (text: string) => ({ status: 200, data: { mailOptIn: expect.stringContaining(text) } });
    expect(await optIn({ intent: "mailOptIn", notify: "on" })).toMatchObject(saved(MAIL_OPTIN_ON));
    expect(await notifyOf(session.user.id)).toBe(true);
    const page = await outcome(profilePage.loader(argsWith(session, new Request("http://localhost/profile"))));
    expect(page.data.leagues).toHaveLength(1);
    expect(page.data.leagues[0].mail).toEqual({ registrationOpens: true });
    // The card and waitlist mails are kinds of message now (ADR 49): their old boxes, posted, set nothing.
    expect(await optIn({ intent: "mailOptIn", cards: "on", waitlist: "on" })).toMatchObject(saved(MAIL_OPTIN_OFF));
    expect(await prefsOf(session.user.id)).toMatchObject({ notifyRegistration: false, notifyCards: false, notifyWaitlist: false });
    expect(await notifyOf(session.user.id)).toBe(false);
  });

  it("a box sent as anything but 'on': 400 naming the field, nothing changed; no session: to the login", async () => {
    const session = (await sessionOf("player")) as Session;
    const bad = await outcome(preferencesPage.action(argsWith(session, post("/preferences", { intent: "mailOptIn", notify: "yes" }))));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.notify).toBe("Tick the box or leave it empty");
    expect(await notifyOf(session.user.id)).toBe(false);
    const unknown = await outcome(preferencesPage.action(argsWith(session, post("/preferences", { intent: "profile", notify: "on" }))));
    expect(unknown.status).toBe(400);
    expect(await prefsOf(session.user.id)).toBeUndefined();
    const anonymous = await outcome(preferencesPage.action(argsWith(null, post("/preferences", { intent: "mailOptIn", notify: "on" }))));
    expect(anonymous).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fpreferences" });
  });

  it("each league's form saves that league's choices only; /profile shows a group per league the account belongs to", async () => {
    const session = (await sessionOf("player")) as Session;
    const id = session.user.id;
    const inB = (fields: Record<string, string>) =>
      outcome(preferencesPage.action(argsWith(session, post("/l/mail-second/preferences", fields), {}, second)));
    // Not a member of B yet: /profile lists the default league alone.
    const alone = await outcome(profilePage.loader(argsWith(session, new Request("http://localhost/profile"))));
    expect(alone.data.leagues.map((g: { league: { id: number } }) => g.league.id)).toEqual([1]);
    await grantRole(id, "director", second.id);

    await outcome(preferencesPage.action(argsWith(session, post("/preferences", { intent: "mailOptIn", notify: "on" }))));
    expect((await inB({ intent: "mailOptIn" })).status).toBe(200);
    expect(await prefsOf(id)).toMatchObject({ notifyRegistration: true });
    expect(await prefsOf(id, second.id)).toMatchObject({ notifyRegistration: false });
    // B's calendar link, made in B: the default league has none.
    expect(await inB({ intent: "calendar-create" })).toMatchObject({ status: 200, data: { calendar: CALENDAR_CREATED } });
    const tokenB = (await prefsOf(id, second.id))?.calendarToken;
    expect(tokenB).toMatch(/^[\w-]{43}$/);
    expect((await prefsOf(id))?.calendarToken ?? null).toBeNull();

    const page = await outcome(profilePage.loader(argsWith(session, new Request("http://localhost/profile"))));
    const origin = feedOrigin(env.APP_URL, "http://localhost/profile");
    expect(page.data.leagues).toEqual([
      {
        league: { id: 1, slug: "league", name: env.LEAGUE_NAME, isDefault: true },
        mail: { registrationOpens: true },
        calendar: { all: `${origin}/calendar.ics`, personal: null },
        playing: false,
      },
      {
        league: { id: second.id, slug: "mail-second", name: "Second Tuesday League", isDefault: false },
        mail: { registrationOpens: false },
        calendar: {
          all: `${origin}/l/mail-second/calendar.ics`,
          personal: `${origin}/l/mail-second/calendar/${tokenB}.ics`,
        },
        playing: false,
      },
    ]);
    // B's own page shows B's group alone.
    const own = await outcome(
      preferencesPage.loader(argsWith(session, new Request("http://localhost/l/mail-second/preferences"), {}, second)),
    );
    expect(own.data.group).toMatchObject({ league: { id: second.id }, mail: { registrationOpens: false } });
  });

  it("a personal feed token opens its own league's feed only: another league's is that league's 404", async () => {
    const user = await makeUser();
    const tokenA = await ensureCalendarToken(testDb(), user.id);
    const tokenB = await ensureCalendarToken(getDb(env.DB, second.id), user.id);
    expect(tokenA).not.toBe(tokenB);
    const feed = (token: string, league?: League) =>
      calendarFeed.loader(
        argsWith(null, new Request(`http://localhost/calendar/${token}.ics`), { feed: `${token}.ics` }, league),
      ) as Promise<Response>;
    expect((await feed(tokenA)).status).toBe(200);
    expect((await feed(tokenB, second)).status).toBe(200);
    expect((await feed(tokenB)).status).toBe(404);
    expect((await feed(tokenA, second)).status).toBe(404);
  });
});

describe("a league's /unsubscribe (ADR 46: the link signs the user and the league)", () => {
  it("GET in the link's league names the league; its POST turns that league's mail off only", async () => {
    const user = await subscriber();
    await choose(user.id, { notifyRegistration: true }, second.id);
    const path = await leaguePath(user.id, second);
    const page = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${path}`), {}, second)));
    expect(page).toMatchObject({ status: 200, data: { leagueName: "Second Tuesday League", on: true, error: null, link: path } });
    const done = await outcome(unsubscribePage.action(argsWith(null, post(path, ONE_CLICK), {}, second)));
    expect(done).toMatchObject({ status: 200, data: { success: "You will no longer get these mails." } });
    expect(await notifyOf(user.id, second.id)).toBe(false);
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("the same link opened in another league's place, or with its league changed: 400, nothing changes", async () => {
    const user = await subscriber();
    await choose(user.id, { notifyRegistration: true }, second.id);
    const path = await leaguePath(user.id, second);
    const atRoot = path.replace("/l/mail-second", "");
    const page = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${atRoot}`))));
    expect(page).toMatchObject({ status: 400, data: { error: INVALID_UNSUBSCRIBE_LINK, email: null } });
    const posted = await outcome(unsubscribePage.action(argsWith(null, post(atRoot.replace(`l=${second.id}`, "l=1"), ONE_CLICK))));
    expect(posted).toMatchObject({ status: 400, data: { formError: INVALID_UNSUBSCRIBE_LINK } });
    expect(await notifyOf(user.id, second.id)).toBe(true);
    expect(await notifyOf(user.id)).toBe(true);
  });
});

describe("/unsubscribe", () => {
  it("GET with a signed link shows the account (masked) and its setting, without a login", async () => {
    const user = await subscriber();
    const page = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${await signedPath(user.id)}`))));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ on: true, error: null, link: await signedPath(user.id) });
    expect(page.data.email).toMatch(/^.•••@example\.com$/);
  });

  it("GET with a forged link: 400 with the message; a signed link of a user who is gone: 404", async () => {
    const user = await subscriber();
    const forged = await outcome(
      unsubscribePage.loader(argsWith(null, new Request(`http://localhost/unsubscribe?u=${user.id}&t=${"A".repeat(43)}`))),
    );
    expect(forged).toMatchObject({ status: 400, data: { error: INVALID_UNSUBSCRIBE_LINK, email: null } });
    const gone = await outcome(unsubscribePage.loader(argsWith(null, new Request(`http://localhost${await signedPath(2_147_483_000)}`))));
    expect(gone.status).toBe(404);
  });

  it("the one-click POST (no session) turns the mail off and says so; again is fine", async () => {
    const user = await subscriber();
    const path = await signedPath(user.id);
    for (let i = 0; i < 2; i++) {
      const answer = await outcome(unsubscribePage.action(argsWith(null, post(path, ONE_CLICK))));
      expect(answer).toMatchObject({ status: 200, data: { success: "You will no longer get these mails." } });
    }
    expect(await notifyOf(user.id)).toBe(false);
  });

  it("a logged-in user is no authority: their own session with a forged or another user's link changes nothing", async () => {
    const victim = await subscriber();
    const session = (await sessionOf("player")) as Session;
    const attempts = [
      `/unsubscribe?u=${victim.id}&t=${"B".repeat(43)}`,
      `/unsubscribe?u=${victim.id}&t=${await signUnsubscribe(env.SESSION_SECRET, session.user.id)}`,
      `/unsubscribe?u=${victim.id}`,
    ];
    for (const path of attempts) {
      const answer = await outcome(unsubscribePage.action(argsWith(session, post(path, ONE_CLICK))));
      expect(answer).toMatchObject({ status: 400, data: { formError: INVALID_UNSUBSCRIBE_LINK } });
    }
    expect(await notifyOf(victim.id)).toBe(true);
  });

  it("a POST without RFC 8058's body is refused (400), even with a valid link", async () => {
    const user = await subscriber();
    const answer = await outcome(unsubscribePage.action(argsWith(null, post(await signedPath(user.id), { other: "x" }))));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors["List-Unsubscribe"]).toMatch(/List-Unsubscribe=One-Click/);
    expect(await notifyOf(user.id)).toBe(true);
  });
});

describe("the one-click URL of List-Unsubscribe: POST /api/users/unsubscribe", () => {
  const oneClick = (query: string, headers: Record<string, string> = {}, body = "List-Unsubscribe=One-Click") =>
    exports.default.fetch(
      new Request(`http://localhost/api/users/unsubscribe${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body,
      }),
    );
  const queryOf = async (id: number) => (await signedPath(id)).replace("/unsubscribe", "");

  it("a mail client's post from another site, with no cookie, turns the mail off (200)", async () => {
    const user = await subscriber();
    const res = await oneClick(await queryOf(user.id), { Origin: "https://mail.example" });
    expect([res.status, await res.json()]).toEqual([200, { success: true, message: "You will no longer get these mails." }]);
    expect(await notifyOf(user.id)).toBe(false);
  });

  it("a forged link: 400; the user's own cookie is no authority, and from another site it is refused (403)", async () => {
    const user = await subscriber();
    const forged = await oneClick(`?u=${user.id}&t=${"C".repeat(43)}`, {
      Cookie: `__Host-session=${await tokenFor(user)}`,
      Origin: "http://localhost",
    });
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([400, INVALID_UNSUBSCRIBE_LINK]);
    const crossSite = await oneClick(await queryOf(user.id), {
      Cookie: `__Host-session=${await tokenFor(user)}`,
      Origin: "https://mail.example",
    });
    expect(crossSite.status).toBe(403);
    const noBody = await oneClick(await queryOf(user.id), {}, "");
    expect([noBody.status, ((await noBody.json()) as { code: string }).code]).toEqual([400, "bad_request"]);
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("in a league's /api, its link turns that league's mail off; a link from before leagues is sent on to the root's (308)", async () => {
    const user = await subscriber();
    await choose(user.id, { notifyRegistration: true }, second.id);
    const api = (path: string) =>
      exports.default.fetch(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
          body: "List-Unsubscribe=One-Click",
          redirect: "manual",
        }),
      );
    const query = (await leaguePath(user.id, second)).split("?")[1];
    // Another league's place refuses it, changing nothing.
    expect((await api(`/api/users/unsubscribe?${query}`)).status).toBe(400);
    expect(await notifyOf(user.id, second.id)).toBe(true);
    const res = await api(`/l/mail-second/api/users/unsubscribe?${query}`);
    expect([res.status, await res.json()]).toEqual([200, { success: true, message: "You will no longer get these mails." }]);
    expect(await notifyOf(user.id, second.id)).toBe(false);
    expect(await notifyOf(user.id)).toBe(true);
    const old = (await signedPath(user.id)).split("?")[1];
    const moved = await api(`/l/mail-second/api/users/unsubscribe?${old}`);
    expect([moved.status, moved.headers.get("Location")]).toEqual([308, `/api/users/unsubscribe?${old}`]);
    expect(await notifyOf(user.id)).toBe(true);
  });

  it("a client that opens the URL instead is sent to the page", async () => {
    const user = await subscriber();
    const res = await exports.default.fetch(
      new Request(`http://localhost/api/users/unsubscribe${await queryOf(user.id)}`, { redirect: "manual" }),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(await signedPath(user.id));
    expect(await notifyOf(user.id)).toBe(true);
  });
});
