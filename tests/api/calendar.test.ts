// The calendar feeds as a calendar app fetches them (the route modules' loaders, with the
// request context the Worker builds), the calendar forms of a league's group on /profile
// (posted to the league's /preferences, ADR 46), and
// POST /api/users/me/calendar-token through the Worker: content type, caching, the file
// read back by ical.js, the 404 for every token that opens nothing, and the auth.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { argsFor, argsWith, outcome, sessionOf } from "../route-fixtures";
import { env } from "cloudflare:workers";
import { claims, leagues } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { forgetLeagues } from "../../workers/league-directory";
import { calendarTokenOf } from "~/.server/services/rounds/calendar";
import * as feedRoute from "~/routes/calendar-feed";
import * as allRoute from "~/routes/calendar-ics";
import * as profile from "~/routes/profile";
import * as preferences from "~/routes/preferences";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));

async function feed(path: string): Promise<Response> {
  const route = path === "/calendar.ics" ? allRoute : feedRoute;
  const params: Record<string, string> = path === "/calendar.ics" ? {} : { feed: path.slice("/calendar/".length) };
  return (await route.loader(argsWith(null, new Request(`http://localhost${path}`), params) as never)) as Response;
}

describe("/calendar.ics", () => {
  it("is every round as iCalendar, public and tagged so a round's change purges it", async () => {
    const round = await makeRound({ name: "Glow, Doubles; Night", location: "Riverside Park" });
    const res = await feed("/calendar.ics");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(res.headers.get("Cache-Tag")).toBe("rounds");
    const event = events(await res.text()).find((e) => e.uid === `round-${round.id}@localhost`);
    expect(event).toMatchObject({ summary: "Glow, Doubles; Night", location: "Riverside Park" });
    expect(event!.startDate.toUnixTime()).toBe(round.startsAt);
    expect(event!.component.getFirstPropertyValue("url")).toBe(`http://localhost/rounds/${round.id}`);
  });
});

describe("/calendar/{token}.ics", () => {
  it("is the user's rounds, never shared-cacheable; any token that opens nothing is the same 404", async () => {
    const session = await sessionOf("player");
    const player = await makePlayer();
    await testDb()
      .insert(claims)
      .values({ leagueId: DEFAULT_LEAGUE_ID, userId: session!.user.id, playerId: player.id, status: "approved" });
    const round = await makeRound();
    await makeEntry({ roundId: round.id, playerId: player.id });
    await preferences.action(argsWithForm(session, { intent: "calendar-create" }));
    const token = (await calendarTokenOf(testDb(), session!.user.id))!;

    const res = await feed(`/calendar/${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(events(await res.text()).map((e) => e.uid)).toEqual([`round-${round.id}@localhost`]);

    // No suffix, a token never issued, the wrong suffix, a short one, a doubled suffix.
    for (const bad of [token, `${"A".repeat(43)}.ics`, `${token}.ICS`, "x.ics", `${token}.ics.ics`]) {
      const miss = await feed(`/calendar/${bad}`);
      expect(miss.status, bad).toBe(404);
      expect(miss.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await miss.text()).toBe("Not found");
    }
  });
});

function argsWithForm(session: Awaited<ReturnType<typeof sessionOf>>, form: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form)) body.append(k, v);
  return argsWith(session, new Request("http://localhost/preferences", { method: "POST", body }));
}

describe("a league's calendar card on /profile", () => {
  it("shows the all-rounds URL, makes the personal link on first ask, and a reset makes the old link 404", async () => {
    const session = await sessionOf("player");
    const before = await outcome(profile.loader(argsWith(session, new Request("http://localhost/profile"))));
    expect(before.data.leagues[0].calendar).toEqual({ all: "http://localhost/calendar.ics", personal: null });

    expect((await outcome(preferences.action(argsWithForm(session, { intent: "calendar-create" })))).data).toEqual({
      calendar: "Your calendar link is ready.",
    });
    const made = (await outcome(profile.loader(argsWith(session, new Request("http://localhost/profile"))))).data.leagues[0].calendar
      .personal;
    expect(made).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feed(new URL(made).pathname)).status).toBe(200);

    await preferences.action(argsWithForm(session, { intent: "calendar-reset" }));
    const fresh = (await outcome(profile.loader(argsWith(session, new Request("http://localhost/profile"))))).data.leagues[0].calendar
      .personal;
    expect(fresh).not.toBe(made);
    expect((await feed(new URL(made).pathname)).status).toBe(404);
    expect((await feed(new URL(fresh).pathname)).status).toBe(200);
  });

  it("refuses an unknown calendar action with 400 and changes nothing; sends nobody to /login", async () => {
    const session = await sessionOf("player");
    const answer = await outcome(preferences.action(argsWithForm(session, { intent: "calendar-delete" })));
    expect(answer).toMatchObject({ status: 400, data: { fieldErrors: { intent: "Unknown action" } } });
    expect(await calendarTokenOf(testDb(), session!.user.id)).toBeNull();
    const nobody = await outcome(preferences.action(await argsFor("nobody", "/preferences", { intent: "calendar-create" })));
    expect(nobody).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login/) });
  });
});

describe("POST /api/users/me/calendar-token", () => {
  it("gives a new feed URL each time; the previous one stops working", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const first = await expectStatus(await call("POST", "/api/users/me/calendar-token", { token }), 200);
    expect(first).toEqual({
      success: true,
      feed_url: expect.stringMatching(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
      all_rounds_url: expect.any(String),
    });
    expect(new URL(first.all_rounds_url).pathname).toBe("/calendar.ics");
    const second = await expectStatus(await call("POST", "/api/users/me/calendar-token", { token }), 200);
    expect(second.feed_url).not.toBe(first.feed_url);
    expect((await feed(new URL(first.feed_url).pathname)).status).toBe(404);
    expect((await feed(new URL(second.feed_url).pathname)).status).toBe(200);
  });

  it("in a league's /api, makes that league's feed: its URL under the league's path, the other league's feed as it was", async () => {
    const [row] = await testDb()
      .insert(leagues)
      .values({ slug: `cal-${crypto.randomUUID().slice(0, 8)}`, name: "Calendar League", timeZone: "America/Denver" })
      .returning();
    const user = await makeUser();
    const token = await tokenFor(user);
    const root = await expectStatus(await call("POST", "/api/users/me/calendar-token", { token }), 200);
    const inB = await expectStatus(await call("POST", `/l/${row.slug}/api/users/me/calendar-token`, { token }), 200);
    expect(new URL(inB.feed_url).pathname).toMatch(new RegExp(`^/l/${row.slug}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(new URL(inB.all_rounds_url).pathname).toBe(`/l/${row.slug}/calendar.ics`);
    const stored = await calendarTokenOf(getDb(env.DB, row.id), user.id);
    expect(inB.feed_url).toContain(`/calendar/${stored}.ics`);
    // The default league's feed stays as the first call made it.
    expect((await feed(new URL(root.feed_url).pathname)).status).toBe(200);
    expect((await feed(`/calendar/${stored}.ics`)).status).toBe(404);
    forgetLeagues();
  });

  it("401 without a session, and nothing is made", async () => {
    await expectError(await call("POST", "/api/users/me/calendar-token"), 401);
    const locked = await makeUser({ locked: true });
    await expectError(await call("POST", "/api/users/me/calendar-token", { token: await tokenFor(locked) }), 401);
    expect(await calendarTokenOf(testDb(), locked.id)).toBeNull();
  });

  it("403 for a cookie-authenticated post from another site; the link stays as it was", async () => {
    const user = await makeUser();
    const cookie = await tokenFor(user);
    await expectError(await call("POST", "/api/users/me/calendar-token", { cookie, origin: "https://evil.example" }), 403);
    expect(await calendarTokenOf(testDb(), user.id)).toBeNull();
    await expectStatus(await call("POST", "/api/users/me/calendar-token", { cookie, origin: APP_ORIGIN }), 200);
  });
});
