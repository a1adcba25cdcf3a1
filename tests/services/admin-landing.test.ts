// Where the admin lands after logging in (ADR 39), with the real D1: tonight's round's
// night screen, today's list when several rounds are dated today, else the rounds page.
// "Today" is the league's day in its zone. The service is asked about days of its own (far
// ahead, one per test); the login form and the /api about the real today, on rounds this
// file makes.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, expectStatus, makeAdmin } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { leagueFromEnv } from "~/.server/league";
import { TODAY_LIST, adminLanding, leagueDay, todayRounds } from "~/.server/services/rounds/admin-landing";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import * as adminLoginPage from "~/routes/admin-login";
import * as roundsPage from "~/routes/admin-rounds";

const TZ = leagueFromEnv(env).timeZone;
/** Epoch seconds of a wall time in the league's zone. */
const at = (day: string, hour: number, minute = 0) => {
  const [year, month, d] = day.split("-").map(Number);
  return zonedTimeToEpoch({ year, month, day: d, hour, minute }, TZ);
};
const night = (id: number) => `/admin/round/night/${id}`;

describe("adminLanding", () => {
  it("is the rounds page on a day without a round, a round tomorrow evening and yesterday's notwithstanding", async () => {
    await makeRound({ startsAt: at("2031-06-11", 19) });
    await makeRound({ startsAt: at("2031-06-13", 0, 30) });
    // 23:00 on the 12th: the round 90 minutes away is tomorrow's, not tonight's.
    expect(await adminLanding(testDb(), TZ, at("2031-06-12", 23))).toBe("/admin/rounds");
    expect(await adminLanding(testDb(), TZ, at("2031-06-12", 8))).toBe("/admin/rounds");
  });

  it("is the night screen of the one round dated today, before its start and after it", async () => {
    const tonight = await makeRound({ startsAt: at("2031-07-10", 18, 30) });
    for (const now of [at("2031-07-10", 0), at("2031-07-10", 8), at("2031-07-10", 21), at("2031-07-10", 23, 59)]) {
      expect(await adminLanding(testDb(), TZ, now)).toBe(night(tonight.id));
    }
    // The day before and the day after it, the rounds page.
    expect(await adminLanding(testDb(), TZ, at("2031-07-09", 23, 59))).toBe("/admin/rounds");
    expect(await adminLanding(testDb(), TZ, at("2031-07-11", 0))).toBe("/admin/rounds");
  });

  it("is today's list when several rounds are dated today, in start order", async () => {
    const late = await makeRound({ startsAt: at("2031-08-14", 19) });
    const early = await makeRound({ startsAt: at("2031-08-14", 10) });
    expect(await adminLanding(testDb(), TZ, at("2031-08-14", 9))).toBe(TODAY_LIST);
    expect((await todayRounds(testDb(), TZ, at("2031-08-14", 9))).map((r) => r.id)).toEqual([early.id, late.id]);
  });

  it("passes over a round with results: a score or a DNF makes the morning round done", async () => {
    const morning = await makeRound({ startsAt: at("2031-09-18", 9) });
    const evening = await makeRound({ startsAt: at("2031-09-18", 18) });
    const player = await makePlayer();
    // An entry without a result does not make it done (the round is under way).
    const entry = await makeEntry({ roundId: morning.id, playerId: player.id });
    expect(await adminLanding(testDb(), TZ, at("2031-09-18", 17))).toBe(TODAY_LIST);

    await makeEntry({ roundId: morning.id, playerId: (await makePlayer()).id, dnf: true });
    expect(await adminLanding(testDb(), TZ, at("2031-09-18", 17))).toBe(night(evening.id));

    await makeEntry({ roundId: evening.id, playerId: player.id, score: 54 });
    expect(entry.score).toBe(0);
    expect(await adminLanding(testDb(), TZ, at("2031-09-18", 23))).toBe("/admin/rounds");
  });

  it("takes the league's day, 23 and 25 hours long where the clocks change", () => {
    const spring = leagueDay(TZ, at("2031-03-09", 12));
    expect(spring).toEqual({ from: at("2031-03-09", 0), to: at("2031-03-10", 0) });
    expect(spring.to - spring.from).toBe(23 * 3600);
    const autumn = leagueDay(TZ, at("2031-11-02", 12));
    expect(autumn.to - autumn.from).toBe(25 * 3600);
    // The last day of a month runs into the first of the next.
    expect(leagueDay(TZ, at("2031-12-31", 20)).to).toBe(at("2032-01-01", 0));
  });
});

describe("the admin's login lands on it", () => {
  // One admin logs in through the form and the /api, on the real today, as the rounds change.
  const landings = async (email: string, password: string) => {
    const form = await outcome(adminLoginPage.action(await argsFor("nobody", "/admin/login", { email, password })));
    expect(form.status).toBe(302);
    const api = await expectStatus<{ next: string; token: string }>(
      await call("POST", "/api/admin/login", { body: { username: email, password } }),
      200,
    );
    expect(api.token).toEqual(expect.any(String));
    expect(api.next).toBe(form.location);
    return form.location;
  };

  it("the rounds page, then tonight's night screen, then today's list", async () => {
    const admin = await makeAdmin();
    expect(await landings(admin.email, admin.password)).toBe("/admin/rounds");
    // Starting now is today, whatever the hour the test runs at.
    const first = await makeRound({ startsAt: nowSec() });
    expect(await landings(admin.email, admin.password)).toBe(night(first.id));
    const second = await makeRound({ startsAt: nowSec() });
    expect(await landings(admin.email, admin.password)).toBe(TODAY_LIST);
    // The list it lands on: the rounds page's Today, both rounds in it.
    const page = await outcome(roundsPage.loader(await argsFor("admin", "/admin/rounds")));
    expect(page.data.today.map((r: { id: number }) => r.id)).toEqual([first.id, second.id]);
  });

  it("a refused login lands nowhere: the form again, 401 from the /api", async () => {
    const admin = await makeAdmin();
    const form = await outcome(
      adminLoginPage.action(await argsFor("nobody", "/admin/login", { email: admin.email, password: "Wrong-Password-1" })),
    );
    expect(form.location).toBeNull();
    expect(form.status).toBe(401);
    const api = await call("POST", "/api/admin/login", { body: { username: admin.email, password: "Wrong-Password-1" } });
    expect(api.status).toBe(401);
    expect(await api.json()).not.toHaveProperty("next");
  });
});
