// The isolation suite (ADR 46), page actions: every form every page posts, at the root (the
// deployment's pages and league A, the default league) and under /l/same-night (league A of
// its own), as a visitor, as B's player, director, admin and owner, and as A's owner, each
// valid but naming B's rows. B's rows are unchanged after every page, no answer shows B's
// text, the queue's mails of A show none of it, and every statement on a league table binds A.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leagueChecksums } from "./league-checksum";
import { type Leagues, LEAGUE_IDS, forgetLeagueIds, makeLeagues, targetsOf } from "./leagues";
import { pagesAt } from "./routes";
import { Walk } from "./walk";
import { runTheQueue, walkPageActions } from "./write-walk";

let leagues: Leagues;
let bBefore: Record<string, string>;
beforeAll(async () => {
  leagues = await makeLeagues();
  bBefore = await leagueChecksums(LEAGUE_IDS.b);
}, 60_000);
afterAll(forgetLeagueIds);

describe.each(["root", "l"] as const)("league A's pages (%s), posted to by each of B's people with B's ids", (place) => {
  let walk: Walk;
  beforeAll(() => {
    walk = new Walk(place, leagues);
  });

  it("every page action leaves B's rows as they were and shows none of B's text", async () => {
    const report = await walkPageActions(walk, await targetsOf(leagues.b));
    expect(report.failures).toEqual([]);
    const withActions = pagesAt(place).filter((r) => typeof r.module.action === "function");
    expect([...report.walked].sort()).toEqual(withActions.map((r) => r.id).sort());
    expect(withActions.length).toBeGreaterThanOrEqual(place === "root" ? 25 : 18);
  }, 120_000);

  it("the queue then mails A's people none of B's text, and none of B's members", async () => {
    const { failures, mails } = await runTheQueue(walk);
    expect(failures).toEqual([]);
    expect(mails.length, "A's own jobs mailed its members").toBeGreaterThanOrEqual(3);
    expect(await leagueChecksums(LEAGUE_IDS.b)).toEqual(bBefore);
  });

  it("every statement on a league table bound A's league, by an index led by league_id", async () => {
    expect(walk.touched).toBeGreaterThan(200);
    expect([...walk.unbound]).toEqual([]);
    // …and each reached a league table's rows by an index led by league_id (or its own key).
    expect(await walk.planFaults()).toEqual([]);
  });
});
