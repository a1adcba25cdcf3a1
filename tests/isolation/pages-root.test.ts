// The isolation suite (ADR 46), pages at the root: the default league is league A. Every
// page of the root (the deployment's and the default league's), as a visitor and as B's
// player, director, admin and owner, its HTML and its single-fetch data, with A's ids and
// with B's: none shows B's text, B's ids get A's answer for a row that is not there, and
// every statement on a league table binds A's league.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Leagues, forgetLeagueIds, makeLeagues } from "./leagues";
import { walkPages } from "./page-walk";
import { pagesAt } from "./routes";
import { Walk } from "./walk";

let leagues: Leagues;
let walk: Walk;
beforeAll(async () => {
  leagues = await makeLeagues();
  walk = new Walk("root", leagues);
}, 60_000);
afterAll(forgetLeagueIds);

describe("league A at the root, as each of B's people", () => {
  it("every page, with A's ids and with B's, shows none of B's text", async () => {
    const report = await walkPages(walk);
    expect(report.failures).toEqual([]);
    expect([...report.walked].sort()).toEqual(
      pagesAt("root")
        .map((r) => r.id)
        .sort(),
    );
    expect(report.ok, "A's pages answered with A's rows").toBeGreaterThan(150);
  }, 120_000);

  // A league's admins see the league's people on /admin/users, not the deployment's (ADR 47).
  it("A's owner sees none of the accounts that belong to B alone on /admin/users", async () => {
    const got = await walk.send("aOwner /admin/users.data", "GET", "/admin/users.data", await walk.credentials("aOwner", true));
    expect(got.status).toBe(200);
    const { b, people } = leagues;
    for (const account of [b.member, b.clerk, people.player, people.director, people.admin, people.owner]) {
      expect(got.body).not.toContain(account.email);
    }
  });

  it("every statement on a league table bound A's league, by an index led by league_id", async () => {
    expect(walk.touched).toBeGreaterThan(1_000);
    expect([...walk.unbound]).toEqual([]);
    // …and each reached a league table's rows by an index led by league_id (or its own key).
    expect(await walk.planFaults()).toEqual([]);
  });
});
