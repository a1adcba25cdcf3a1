// GET /api/standings (public, cached) and GET/PUT /api/admin/settings (admins only):
// happy paths, readable 400s, and the guard's 401/403.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectError as expectGetError, getPublic } from "./http";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makeEntry, makePlayer, makeRound } from "../fixtures";
import { leagueFromEnv } from "~/.server/league";
import { DEFAULT_SETTINGS, getLeagueSettings } from "~/.server/services/settings/league-settings";
import { testDb } from "../fixtures";
import { DIVISIONS } from "~/lib/players/divisions";
import { zonedTimeToEpoch } from "~/lib/shared/time";

const TZ = leagueFromEnv(env).timeZone;

type Standings = {
  season: number;
  rule: Record<string, number>;
  divisions: { division: string; players: { player_id: number; rank: number; total: number; rounds: { points: number }[] }[] }[];
};

describe("GET /api/standings", () => {
  it("gives a season's divisions with ranked players and their points per round, cached with its tags", async () => {
    const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
    const round = await makeRound({ startsAt: zonedTimeToEpoch({ year: 2094, month: 4, day: 2, hour: 18 }, TZ) });
    await makeEntry({ roundId: round.id, playerId: a.id, score: 48, division: "MA2" });
    await makeEntry({ roundId: round.id, playerId: b.id, score: 51, division: "MA2" });
    const body = await getPublic<Standings>("/api/standings?season=2094&division=MA2");
    expect(body.season).toBe(2094);
    expect(body.rule).toEqual({ pointsFirst: 100, pointsStep: 5, pointsFloor: 10, pointsParticipation: 5, bestN: 10 });
    expect(body.divisions).toHaveLength(1);
    expect(body.divisions[0]?.players.map((p) => [p.player_id, p.rank, p.total, p.rounds.length])).toEqual([
      [a.id, 1, 105, 1],
      [b.id, 2, 100, 1],
    ]);
    const res = await call("GET", "/api/standings?season=2094");
    expect(res.headers.get("Cache-Tag")).toBe("l1:entries,l1:players,l1:rounds,l1:settings");
  });

  it.each([
    ["season=26", "Season must be a year such as 2026"],
    ["season=1999", "Season must be a year from 2000 to 2100"],
    ["season=abcd", "Season must be a year such as 2026"],
    ["division=ZZ9", "Unknown division"],
    ["division=ma1", "Unknown division"],
  ])("answers %s with a readable 400", async (query, message) => {
    await expectGetError(`/api/standings?${query}`, 400, "bad_request");
    const res = await call("GET", `/api/standings?${query}`);
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });

  it("answers 404 for a season with no rounds", async () => {
    await expectGetError("/api/standings?season=2002", 404, "not_found");
  });
});

describe("/api/admin/settings", () => {
  const changed = {
    ...DEFAULT_SETTINGS,
    pointsFirst: 50,
    pointsStep: 2,
    pointsFloor: 5,
    standingsBestN: 8,
    handicapPar: 60,
    checkInOpensMinutes: 90,
    cardSize: 5,
    cardMode: "rating",
    cardStart: "tee_times",
    teeIntervalMinutes: 8,
    moneyVisibility: "admins",
    divisions: ["MA1", "MPO", "FA1"],
    distanceUnit: "m",
  };

  it("an admin reads the defaults, saves every setting, and reads them back", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    expect(await expectStatus(await call("GET", "/api/admin/settings", { token }), 200)).toEqual(DEFAULT_SETTINGS);
    try {
      expect(await expectStatus(await call("PUT", "/api/admin/settings", { token, body: changed }), 200)).toEqual(changed);
      expect(await expectStatus(await call("GET", "/api/admin/settings", { token }), 200)).toEqual(changed);
    } finally {
      await call("PUT", "/api/admin/settings", { token, body: DEFAULT_SETTINGS });
    }
  });

  it.each([
    [{ pointsFloor: 101 }, "Floor must not be more than the points for 1st"],
    [{ standingsBestN: 0 }, "Best rounds counted must be a whole number from 1 to 100"],
    [{ handicapPercent: 80.5 }, "Handicap percentage must be a whole number from 0 to 100"],
    [{ handicapPar: "fifty" }, "Par must be a whole number from 1 to 200"],
    [{ pointsFirst: undefined }, "Points for 1st is required"],
    [{ cardSize: 6 }, "Players per card must be a whole number from 3 to 5"],
    [{ checkInOpensMinutes: -1 }, "Check-in opens (minutes before the start) must be a whole number from 0 to 1440"],
    [{ cardMode: "alphabet" }, "Make cards: choose one of At random, By rating spread, By division"],
    [{ moneyVisibility: "nobody" }, "Who sees balances and transfers: choose one of Everyone, Signed-in players, Admins only"],
    [{ divisions: [] }, "Name at least one division"],
    [{ divisions: ["MA1", "XX9"] }, `Divisions must be PDGA division codes (${DIVISIONS.join(", ")})`],
    [{ divisions: ["MA1", "MA1"] }, "Name each division once"],
    [{ divisions: 5 }, "Divisions must be a list of division codes"],
    [{ distanceUnit: "yards" }, "CTP distances in: choose one of Feet, Metres"],
  ])("refuses %j with a readable 400 and changes nothing", async (change, message) => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    const before = await getLeagueSettings(testDb());
    await expectError(await call("PUT", "/api/admin/settings", { token, body: { ...DEFAULT_SETTINGS, ...change } }), 400, message);
    expect(await getLeagueSettings(testDb())).toEqual(before);
  });

  it("a save without the settings added later keeps what is stored for them", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    try {
      await expectStatus(await call("PUT", "/api/admin/settings", { token, body: changed }), 200);
      const { checkInOpensMinutes, cardSize, cardMode, cardStart, teeIntervalMinutes, moneyVisibility, divisions, distanceUnit, ...older } =
        changed;
      const saved = await expectStatus(await call("PUT", "/api/admin/settings", { token, body: { ...older, pointsFirst: 70 } }), 200);
      expect(saved).toEqual({ ...changed, pointsFirst: 70 });
    } finally {
      await call("PUT", "/api/admin/settings", { token, body: DEFAULT_SETTINGS });
    }
  });

  it("answers 401 without a token and 403 to a player, on both methods", async () => {
    const token = await tokenFor(await makeUser());
    for (const method of ["GET", "PUT"]) {
      await expectError(await call(method, "/api/admin/settings", { body: method === "PUT" ? changed : undefined }), 401);
      await expectError(await call(method, "/api/admin/settings", { token, body: method === "PUT" ? changed : undefined }), 403);
    }
    expect(await getLeagueSettings(testDb())).toEqual(DEFAULT_SETTINGS);
  });
});
