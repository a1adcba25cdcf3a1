import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../workers/api/index";
import { forgetLeagues } from "../../workers/league-directory";
import { createWorker } from "../../workers/worker";
import { grantRole, makeUser, tokenFor } from "../auth-fixtures";
import { recording, type Sent, unboundStatements } from "../d1-recorder";
import { testDb } from "../fixtures";
import { leaguePlanFaults } from "../league-plans";
import * as schema from "~/.server/db/schema";

// Every statement a request of league B sends that touches a league table binds B's id
// (ADR 46): the D1 binding of the Worker records each one, and a read or write of a league
// table whose SQL names no league_id, or binds no B, fails here. Every GET of the /api,
// asked under /l/{B}/api by B's owner, with B's own ids in its path.

let league: number;
let owner: Awaited<ReturnType<typeof makeUser>>;
const ids = { round: 0, player: 0 };
const walked: Sent[] = [];
beforeAll(async () => {
  const [row] = await testDb()
    .insert(schema.leagues)
    .values({ slug: "bound-b", name: "Bound League", timeZone: "America/Denver" })
    .returning();
  league = row.id;
  forgetLeagues();
  owner = await makeUser();
  await grantRole(owner.id, "owner", league);
  const db = testDb();
  const [player] = await db
    .insert(schema.players)
    .values({ leagueId: league, firstName: "Bo", lastName: "Bound", division: "MA1" })
    .returning();
  const [round] = await db
    .insert(schema.rounds)
    .values({
      leagueId: league,
      startsAt: 1_900_000_000,
      name: "Bound night",
      location: "Park",
      feePdgaCents: 0,
      feeCourseCents: 0,
      feeOtherCents: 0,
      aceCents: 0,
      payoutCents: 0,
    })
    .returning();
  await db
    .insert(schema.entries)
    .values({ leagueId: league, roundId: round.id, playerId: player.id, division: "MA1", ace: false, score: 50 });
  await db.insert(schema.claims).values({ leagueId: league, userId: owner.id, playerId: player.id, status: "approved" });
  Object.assign(ids, { round: round.id, player: player.id });
});
afterAll(() => forgetLeagues());

/** A GET route's path with B's own ids in it. */
function pathOf(pattern: string): string {
  return pattern
    .replace(/:roundId|:id(?=\/|$)/g, String(ids.round))
    .replace(":ids", String(ids.round))
    .replace(":playerId", String(ids.player))
    .replace(":userId", String(owner.id))
    .replace(":range", "all")
    .replace(":text", "Bound")
    .replace(":tag", "1");
}

describe("a league's requests bind their league", () => {
  it("every GET of the /api under /l/{B}/api, as B's owner: each statement on a league table binds B", async () => {
    const worker = createWorker(async () => new Response("no pages here", { status: 404 }));
    const token = await tokenFor(owner);
    const routes = [...new Set(api.routes.filter((r) => r.method === "GET" && !r.path.includes("/ws")).map((r) => r.path))];
    const unbound: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const rec = recording(env.DB);
      const path = pathOf(route).replace(/^\/api/, "/l/bound-b/api");
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } }),
        { ...env, DB: rec.db },
        ctx,
      );
      await res.arrayBuffer();
      await waitOnExecutionContext(ctx);
      expect(res.status, `${path} answered ${res.status}`).toBeLessThan(500);
      walked.push(...rec.sent);
      const found = unboundStatements(rec.sent, league);
      checked += found.touched;
      unbound.push(...found.unbound.map((line) => `${path}: ${line}`));
    }
    expect(checked, "statements on league tables were seen").toBeGreaterThan(50);
    expect(unbound).toEqual([]);
  });

  it("and each of those statements reaches a league table's rows by an index led by league_id", async () => {
    expect(walked.length, "the walk above ran").toBeGreaterThan(50);
    expect(await leaguePlanFaults(walked)).toEqual([]);
  });
});
