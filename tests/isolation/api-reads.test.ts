// The isolation suite (ADR 46), /api reads: every GET of the /api, at the root (league A is
// the default league) and under /l/same-night (league A of its own), as a visitor and as B's
// player, director, admin and owner, with A's ids and with B's: none shows B's text, B's ids
// get A's answer for a row that is not there, and every statement on a league table binds A.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walkApiReads } from "./api-walk";
import { LEAGUE_IDS, type Leagues, forgetLeagueIds, makeLeagues, targetsOf } from "./leagues";
import { unboundStatements } from "../d1-recorder";
import { apiRoutes } from "./routes";
import { Walk, liveStatements } from "./walk";

let leagues: Leagues;
beforeAll(async () => {
  leagues = await makeLeagues();
}, 60_000);
afterAll(forgetLeagueIds);

const gets = () =>
  apiRoutes()
    .filter((r) => r.method === "GET")
    .map((r) => r.name)
    .sort();

describe.each(["root", "l"] as const)("league A's /api (%s), as each of B's people", (place) => {
  let walk: Walk;
  beforeAll(() => {
    walk = new Walk(place, leagues);
    liveStatements(); // what the object sent before this walk is not this walk's
  });

  it("every GET, with A's ids and with B's, shows none of B's text", async () => {
    const own = await targetsOf(place === "root" ? leagues.a : leagues.a2);
    const report = await walkApiReads(walk, own, await targetsOf(leagues.b));
    expect(report.failures).toEqual([]);
    expect([...report.walked].sort()).toEqual(gets());
    // The walk reached A's rows: most public reads answered.
    expect(report.ok).toBeGreaterThan(gets().length);
  }, 60_000);

  it("every statement on a league table bound A's league, by an index led by league_id", async () => {
    expect(walk.touched).toBeGreaterThan(500);
    expect([...walk.unbound]).toEqual([]);
    // The live round's object too, on its own binding: it read A's rounds, and A's only.
    const live = liveStatements();
    const others = [LEAGUE_IDS.b, LEAGUE_IDS.a2].filter((id) => id !== walk.leagueId);
    const found = unboundStatements(live, walk.leagueId, others);
    expect(found.touched, "the live round's object read D1").toBeGreaterThan(0);
    expect(found.unbound).toEqual([]);
    // …and each reached a league table's rows by an index led by league_id (or its own key).
    expect(await walk.planFaults()).toEqual([]);
  });
});
