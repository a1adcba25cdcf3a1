// The isolation suite (ADR 46), pages under /l/: league A is a league of its own at
// /l/same-night, B at /l/same-night-b. Every page under l/:league, as a visitor and as B's
// player, director, admin and owner, its HTML and its single-fetch data, with A's ids and
// with B's: none shows B's text, B's ids get A's answer for a row that is not there, and
// every statement on a league table binds A's league. Slugs asked in capitals go to their
// own league, and one differing only in case cannot be made.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAdmin, tokenFor } from "../auth-fixtures";
import { leagueChecksums } from "./league-checksum";
import { type Leagues, LEAGUE_IDS, SENTINEL, SLUGS, forgetLeagueIds, makeLeagues } from "./leagues";
import { walkPages } from "./page-walk";
import { pagesAt } from "./routes";
import { Walk, dataUrl } from "./walk";

let leagues: Leagues;
let walk: Walk;
beforeAll(async () => {
  leagues = await makeLeagues();
  walk = new Walk("l", leagues);
}, 60_000);
afterAll(forgetLeagueIds);

describe("league A under /l/same-night, as each of B's people", () => {
  it("every page, with A's ids and with B's, shows none of B's text", async () => {
    const report = await walkPages(walk);
    expect(report.failures).toEqual([]);
    expect([...report.walked].sort()).toEqual(
      pagesAt("l")
        .map((r) => r.id)
        .sort(),
    );
    expect(report.ok, "A's pages answered with A's rows").toBeGreaterThan(150);
  }, 120_000);

  it("a slug asked in capitals answers 301 to its own league, never to the other's page", async () => {
    const b = leagues.b.rounds.past.id;
    const asked: [string, string][] = [
      [`/l/SAME-NIGHT-B/rounds/${b}`, `/l/${SLUGS.b}/rounds/${b}`],
      [`/l/Same-Night-B/api/rounds/round/${b}`, `/l/${SLUGS.b}/api/rounds/round/${b}`],
      ["/l/SAME-NIGHT-B.data", `/l/${SLUGS.b}.data`],
      ["/l/Same-Night/standings?season=2026", `/l/${SLUGS.a2}/standings?season=2026`],
    ];
    for (const who of ["visitor", "owner"] as const) {
      for (const [url, location] of asked) {
        const got = await walk.send(url, "GET", url, await walk.credentials(who, true));
        expect({ url, status: got.status, location: got.location, body: got.body }).toEqual({ url, status: 301, location, body: "" });
      }
    }
    // A write keeps its method: 308, to B's own address.
    const post = await walk.send(
      "post",
      "POST",
      "/l/SAME-NIGHT-B/api/claims",
      await walk.credentials("player", false),
      "{}",
      "application/json",
    );
    expect([post.status, post.location]).toEqual([308, `/l/${SLUGS.b}/api/claims`]);
  });

  it("a league whose slug differs from B's only in case cannot be made", async () => {
    const before = await leagueChecksums(LEAGUE_IDS.b);
    const operator = await makeAdmin();
    for (const slug of ["SAME-NIGHT-B", "Same-Night-b"]) {
      const res = await walk.worker.fetch(
        new Request("http://localhost/api/admin/leagues", {
          method: "POST",
          headers: { Authorization: `Bearer ${await tokenFor(operator)}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "Copy Night", slug, time_zone: "America/Chicago", owner_email: operator.email }),
        }),
        env,
        { waitUntil: () => undefined, passThroughOnException: () => undefined } as unknown as ExecutionContext,
      );
      expect(res.status, slug).toBe(409);
    }
    const { results } = await env.DB.prepare("select slug from leagues where lower(slug) like 'same-night%' order by id").all<{
      slug: string;
    }>();
    expect(results.map((r) => r.slug)).toEqual([SLUGS.a2, SLUGS.b]);
    expect(await leagueChecksums(LEAGUE_IDS.b)).toEqual(before);
  });

  it("B's own pages do show its text (the check above can fail)", async () => {
    const control = new Walk("l", leagues);
    const creds = await control.credentials("owner", true);
    const url = `/l/${SLUGS.b}/rounds/${leagues.b.rounds.past.id}`;
    for (const asked of [url, dataUrl(url)]) {
      const got = await control.send(asked, "GET", asked, creds);
      expect(got.status).toBe(200);
      expect(got.body).toContain(SENTINEL);
    }
  });

  it("every statement on a league table bound A's league, by an index led by league_id", async () => {
    expect(walk.touched).toBeGreaterThan(1_000);
    expect([...walk.unbound]).toEqual([]);
    // …and each reached a league table's rows by an index led by league_id (or its own key).
    expect(await walk.planFaults()).toEqual([]);
  });
});
