// /admin/settings and /standings through the route modules' own loaders and actions, with
// the request context the Worker builds: the admin guard, a save, a refused save that
// shows what was typed, and the standings page's season and division handling.
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import {
  DEFAULT_SETTINGS,
  type LeagueSettings,
  SETTINGS_CHANGED,
  getLeagueSettings,
  updateLeagueSettings,
} from "~/.server/services/settings/league-settings";
import * as page from "~/routes/admin-settings";
import * as standingsPage from "~/routes/standings";

const form = (values: Record<string, number | string | string[]>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));

describe("/admin/settings", () => {
  it.each([
    ["nobody", "/login"],
    ["player", "/"],
  ] as const)("sends %s to %s, from the page and from a post, and changes nothing", async (who, to) => {
    expect(await outcome(page.loader(await argsFor(who, "/admin/settings")))).toMatchObject({ status: 302, location: to });
    const post = page.action(await argsFor(who, "/admin/settings", form({ ...DEFAULT_SETTINGS, pointsFirst: 7 })));
    expect(await outcome(post)).toMatchObject({ status: 302, location: to });
    expect(await getLeagueSettings(testDb())).toEqual(DEFAULT_SETTINGS);
  });

  it("an admin sees the settings, saves them, and a refused post keeps what was typed", async () => {
    expect((await outcome(page.loader(await argsFor("admin", "/admin/settings")))).data).toEqual({ settings: DEFAULT_SETTINGS });
    try {
      const saved = await outcome(page.action(await argsFor("admin", "/admin/settings", form({ ...DEFAULT_SETTINGS, pointsFirst: 120 }))));
      expect(saved).toMatchObject({ status: 200, data: { success: page.SETTINGS_SAVED } });
      expect((await getLeagueSettings(testDb())).pointsFirst).toBe(120);

      const bad = form({ ...DEFAULT_SETTINGS, pointsFloor: 500, handicapPar: "x" });
      const refused = await outcome(page.action(await argsFor("admin", "/admin/settings", bad)));
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors).toEqual({
        handicapPar: "Par must be a whole number from 1 to 200",
      });
      expect(refused.data.values).toMatchObject({ pointsFloor: "500", handicapPar: "x" });
      const floor = await outcome(page.action(await argsFor("admin", "/admin/settings", form({ ...DEFAULT_SETTINGS, pointsFloor: 500 }))));
      expect(floor.data.fieldErrors).toEqual({ pointsFloor: "Floor must not be more than the points for 1st" });
      expect((await getLeagueSettings(testDb())).pointsFirst).toBe(120);
    } finally {
      await updateLeagueSettings(testDb(), DEFAULT_SETTINGS);
    }
  });
});

/** The form as a page opened when the league held `shown`, posted with `changes` typed into it. */
const formFrom = (shown: LeagueSettings, changes: Partial<LeagueSettings> = {}, shownField = JSON.stringify(shown)) => ({
  ...form({ ...shown, ...changes }),
  shown: shownField,
});
const save = async (body: Record<string, string>) => outcome(page.action(await argsFor("admin", "/admin/settings", body)));

describe("/admin/settings: two admins' forms", () => {
  it("each save writes only what its admin changed, so another's save of other settings stands", async () => {
    try {
      const opened = await getLeagueSettings(testDb());
      expect((await save(formFrom(opened, { moneyVisibility: "players", divisions: ["MA3", "MPO"] }))).status).toBe(200);
      expect((await save(formFrom(opened, { pointsFirst: 90, bagTags: "every" }))).status).toBe(200);
      expect(await getLeagueSettings(testDb())).toEqual({
        ...DEFAULT_SETTINGS,
        moneyVisibility: "players",
        divisions: ["MA3", "MPO"],
        pointsFirst: 90,
        bagTags: "every",
      });
      // A form saved unchanged writes nothing, not even what another admin saved meanwhile.
      expect((await save(formFrom(opened))).status).toBe(200);
      expect((await getLeagueSettings(testDb())).moneyVisibility).toBe("players");
    } finally {
      await updateLeagueSettings(testDb(), DEFAULT_SETTINGS);
    }
  });

  it("a setting both changed: the later save is refused with the message and writes nothing", async () => {
    try {
      const opened = await getLeagueSettings(testDb());
      expect((await save(formFrom(opened, { pointsFirst: 120 }))).status).toBe(200);
      const late = await save(formFrom(opened, { pointsFirst: 90, pointsParticipation: 3 }));
      expect(late).toMatchObject({ status: 409, data: { formError: SETTINGS_CHANGED } });
      // The page shows what was typed and still carries the settings it was opened with.
      expect(late.data.values).toMatchObject({ pointsFirst: "90", shown: JSON.stringify(opened) });
      expect(await getLeagueSettings(testDb())).toEqual({ ...DEFAULT_SETTINGS, pointsFirst: 120 });

      // The divisions too, where the league had never saved any (the stored list is empty).
      await updateLeagueSettings(testDb(), DEFAULT_SETTINGS);
      const fresh = await getLeagueSettings(testDb());
      expect((await save(formFrom(fresh, { divisions: ["FPO"] }))).status).toBe(200);
      expect((await save(formFrom(fresh, { divisions: ["MPO", "FPO"] }))).status).toBe(409);
      expect((await getLeagueSettings(testDb())).divisions).toEqual(["FPO"]);
    } finally {
      await updateLeagueSettings(testDb(), DEFAULT_SETTINGS);
    }
  });

  it("twenty admins change one setting at once from one page: exactly one save stands", async () => {
    try {
      const opened = await getLeagueSettings(testDb());
      const bodies = Array.from({ length: 20 }, (_, i) => formFrom(opened, { pointsFirst: 101 + i }));
      const results = await Promise.all(bodies.map(save));
      const saved = results.flatMap((r, i) => (r.status === 200 ? [101 + i] : []));
      expect(saved).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
      expect((await getLeagueSettings(testDb())).pointsFirst).toBe(saved[0]);
    } finally {
      await updateLeagueSettings(testDb(), DEFAULT_SETTINGS);
    }
  });

  it.each([
    ["not JSON", "{"],
    ["not settings", JSON.stringify({ pointsFirst: "many" })],
    ["settings missing some", JSON.stringify({ ...DEFAULT_SETTINGS, moneyVisibility: undefined })],
  ])("a form whose shown settings are %s is refused and changes nothing", async (_, shownField) => {
    const refused = await save(formFrom(DEFAULT_SETTINGS, { pointsFirst: 77 }, shownField));
    expect(refused).toMatchObject({
      status: 400,
      data: { formError: "The form could not be read. Please reload the page and try again." },
    });
    expect(await getLeagueSettings(testDb())).toEqual(DEFAULT_SETTINGS);
  });
});

describe("/standings", () => {
  it("shows one division at a time, sorted as asked; a bad season is a 404, a bad division the first one", async () => {
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const round = await makeRound({ startsAt: Date.UTC(2095, 5, 1) / 1000 });
    await makeEntry({ roundId: round.id, playerId: a.id, score: 50, division: "MA3" });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 55, division: "MA3" });
    const { data } = await outcome(standingsPage.loader(await argsFor("nobody", "/standings?season=2095&division=MA3&sort=total&dir=asc")));
    expect(data.shown.division).toBe("MA3");
    expect(data.shown.players.map((p: { playerId: number }) => p.playerId)).toEqual([b.id, a.id]);
    expect(Object.keys(data.rounds)).toEqual([String(round.id)]);
    expect(data.method).toContain("1st place in a division gets 100 points");
    const fallback = await outcome(standingsPage.loader(await argsFor("nobody", "/standings?season=2095&division=XX")));
    expect(fallback.data.shown.division).toBe("MA3");
    for (const season of ["20x5", "1999", "209"]) {
      expect((await outcome(standingsPage.loader(await argsFor("nobody", `/standings?season=${season}`)))).status).toBe(404);
    }
  });
});
