// Season standings against the real D1: rounds and entries made here, the standings read
// back through the service the page and the /api use, with the admin's settings.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeEntry, makePlayer, makeRound, refusal, testDb } from "../fixtures";
import { leagueFromEnv } from "~/.server/league";
import { DEFAULT_SETTINGS, getLeagueSettings, updateLeagueSettings } from "~/.server/services/settings/league-settings";
import { seasonStandings } from "~/.server/services/standings/standings";
import { zonedTimeToEpoch } from "~/lib/shared/time";
import { entries } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { observeD1 } from "../../workers/d1-observer";
import { gatherReads } from "../../workers/read-runner";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const league = leagueFromEnv(env);
const at = (year: number, month: number, day: number) => zonedTimeToEpoch({ year, month, day, hour: 18 }, league.timeZone);
const db = testDb();

/** A round on that day with these [player, score, division?] entries. */
async function played(d: number, scores: [number, number, string?][]) {
  const round = await makeRound({ startsAt: d });
  for (const [playerId, score, division] of scores) await makeEntry({ roundId: round.id, playerId, score, division: division ?? "MA1" });
  return round;
}

// Runs first: the file's database is still empty, so "no scored round this season" is true.
describe("the default season", () => {
  it("is the current one, or the latest earlier season with scores while the current has none", async () => {
    const now = at(2026, 1, 20);
    const p = await makePlayer();
    await played(at(2025, 6, 5), [[p.id, 50]]);
    await played(at(2026, 1, 15), [[p.id, 0]]); // signed up, not played yet
    const standings = await seasonStandings(db, league, {}, now);
    expect(standings.season).toBe(2025);
    expect(standings.divisions[0]?.players[0]).toMatchObject({ playerId: p.id, total: 105 });
    // Asked for by name, the current season shows its (empty) standings and the round waiting.
    const current = await seasonStandings(db, league, { season: 2026 }, now);
    expect(current.divisions).toEqual([
      expect.objectContaining({ division: "MA1", players: [], waiting: [expect.objectContaining({ startsAt: at(2026, 1, 15) })] }),
    ]);
    // Before that round's day it is not waiting for scores: it has not been played.
    expect((await seasonStandings(db, league, { season: 2026 }, at(2026, 1, 10))).divisions).toEqual([]);
  });

  it("is read in one trip, the earlier season's scores beside the current one's (ADR 41)", async () => {
    // The data of the test above: 2025 scored, 2026 with a sign-up and no score.
    const counted = () => {
      const { binding, seen } = observeD1(env.DB);
      return { db: getDb(gatherReads(binding), DEFAULT_LEAGUE_ID), seen };
    };
    const january = counted();
    const standings = await seasonStandings(january.db, league, {}, at(2026, 1, 20));
    expect(standings.season).toBe(2025);
    expect(standings.divisions[0]?.players).toHaveLength(1);
    expect(january.seen.roundTrips).toBe(1);
    // A scored current season: its own standings, the one before not even returned.
    const july = counted();
    expect((await seasonStandings(july.db, league, {}, at(2025, 7, 1))).season).toBe(2025);
    expect(july.seen.roundTrips).toBe(1);
  });

  it("with scores that make no standing yet (a doubles round not placed), still falls back to the season before", async () => {
    const [p, q] = await Promise.all([makePlayer(), makePlayer()]);
    await played(at(2080, 6, 5), [[p.id, 50]]);
    const doubles = await played(at(2081, 1, 15), [
      [p.id, 48],
      [q.id, 48],
    ]);
    await db.update(entries).set({ team: 1 }).where(eq(entries.roundId, doubles.id));
    const standings = await seasonStandings(db, league, {}, at(2081, 1, 20));
    expect(standings.season).toBe(2080);
    expect(standings.divisions[0]?.players[0]).toMatchObject({ playerId: p.id });
  });
});

describe("a season's standings", () => {
  it("points by place per division, ties sharing, best N, ranks; only that season's rounds", async () => {
    const [a, b, c, pro] = await Promise.all([makePlayer(), makePlayer(), makePlayer(), makePlayer({ division: "MPO" })]);
    await played(at(2091, 3, 1), [
      [a.id, 50],
      [b.id, 52],
      [c.id, 52],
      [pro.id, 45, "MPO"],
    ]);
    await played(at(2091, 3, 8), [
      [c.id, 49],
      [a.id, 51],
    ]);
    // A card still missing in MA1: that division of the round counts for nobody yet; MPO's does.
    const waiting = await played(at(2091, 3, 15), [
      [a.id, 40],
      [b.id, 0],
      [pro.id, 50, "MPO"],
    ]);
    await played(at(2092, 1, 2), [[b.id, 40]]); // next season

    const standings = await seasonStandings(db, league, { season: 2091 }, at(2091, 4, 1));
    expect(standings.divisions.map((d) => d.division)).toEqual(["MPO", "MA1"]);
    const ma1 = standings.divisions[1]!;
    expect(ma1.roundsScored).toBe(2);
    expect(ma1.waiting.map((r) => r.id)).toEqual([waiting.id]);
    expect(ma1.players.map((p) => [p.playerId, p.rank, p.total, p.roundsPlayed])).toEqual([
      [a.id, 1, 205, 2], // 1st (100 + 5) and 2nd (95 + 5)
      [c.id, 2, 202.5, 2], // tied 2nd (92.5 + 5), then 1st
      [b.id, 3, 97.5, 1],
    ]);
    expect(standings.divisions[0]?.players).toEqual([expect.objectContaining({ playerId: pro.id, total: 210, roundsPlayed: 2 })]);

    // One division asked for: only it.
    const only = await seasonStandings(db, league, { season: 2091, division: "MPO" }, at(2091, 4, 1));
    expect(only.divisions.map((d) => d.division)).toEqual(["MPO"]);
  });

  it("follows the admin's settings: points, floor, participation and best N", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => makePlayer()));
    await played(
      at(2093, 5, 1),
      players.map((p, i) => [p.id, 50 + i, "FA1"] as [number, number, string]),
    );
    await played(at(2093, 5, 8), [[players[3]!.id, 44, "FA1"]]);
    const before = await seasonStandings(db, league, { season: 2093, division: "FA1" });
    expect(before.divisions[0]?.players.map((p) => p.total)).toEqual([85 + 5 + 105, 105, 100, 95]);
    try {
      await updateLeagueSettings(db, {
        ...DEFAULT_SETTINGS,
        pointsFirst: 10,
        pointsStep: 4,
        pointsFloor: 3,
        pointsParticipation: 1,
        standingsBestN: 1,
      });
      const after = await seasonStandings(db, league, { season: 2093, division: "FA1" });
      // Places 1..4: 10, 6, 3 (floor), 3; best 1 round each, +1 for playing.
      const rows = new Map(after.divisions[0]?.players.map((p) => [p.playerId, [p.rank, p.total]]));
      expect(players.map((p) => rows.get(p.id))).toEqual([
        [1, 11],
        [3, 7],
        [4, 4],
        [1, 11],
      ]);
      expect(after.settings.standingsBestN).toBe(1);
    } finally {
      await updateLeagueSettings(db, DEFAULT_SETTINGS);
    }
    expect(await getLeagueSettings(db)).toEqual(DEFAULT_SETTINGS);
  });

  it("refuses a season without rounds that is not the current one", async () => {
    expect((await refusal(seasonStandings(db, league, { season: 2001 }))).status).toBe(404);
  });
});
