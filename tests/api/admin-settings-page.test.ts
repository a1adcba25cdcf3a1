// /admin/settings and /standings through the route modules' own loaders and actions, with
// the request context the Worker builds: the admin guard, a save, a refused save that
// shows what was typed, and the standings page's season and division handling.
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, testDb } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { DEFAULT_SETTINGS, getLeagueSettings, updateLeagueSettings } from "~/.server/services/standings/league-settings";
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
