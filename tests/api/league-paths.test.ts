// The league comes from the path (ADR 46): the root is the default league's, /l/{slug}/… is
// that league's; its capitals and the default's slug answer 301; a slug that fails the
// pattern is a 404 before any read, an unknown one a 404; and a second league's pages and
// /api run as that league (its id guards their writes and names their cache tags).
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LEAGUE_PAUSED } from "../../workers/league-guard";
import { forgetLeagues } from "../../workers/league-directory";
import { createWorker } from "../../workers/worker";
import { call, expectError, expectStatus, grantRole, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { NOT_AN_ADMIN, NOT_YOUR_ROLE } from "../../workers/api/auth";
import { makePlayer, makeTransfer, nowSec, testDb } from "../fixtures";
import { leagues, players, transfers } from "~/.server/db/schema";
import type { RequestLeague } from "~/.server/league";

// The pages as the Worker hands them over: what league the scope carries.
const worker = createWorker(async (_request, _env, _ctx, scope) => Response.json(scope.place ?? null));

/** env.DB, counting every statement prepared on it or on its sessions. */
function countedDb() {
  let statements = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, key) {
        const value = Reflect.get(t, key);
        if (typeof value !== "function") return value;
        if (key === "prepare") {
          return (...args: unknown[]) => {
            statements += 1;
            return value.apply(t, args);
          };
        }
        if (key === "withSession") return (...args: unknown[]) => wrap(value.apply(t, args));
        return value.bind(t);
      },
    });
  return { db: wrap(env.DB), statements: () => statements };
}

async function fetchPath(path: string, init: RequestInit = {}) {
  const counted = countedDb();
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), { ...env, DB: counted.db }, createExecutionContext());
  return { res, statements: counted.statements() };
}

async function placeOf(path: string): Promise<RequestLeague> {
  const { res } = await fetchPath(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as RequestLeague;
}

let second: { id: number };
beforeAll(async () => {
  forgetLeagues();
  [second] = await testDb()
    .insert(leagues)
    .values({ slug: "second", name: "Second Wednesday League", timeZone: "America/Denver" })
    .returning({ id: leagues.id });
});
afterAll(async () => {
  await testDb().delete(leagues).where(eq(leagues.id, second.id));
  forgetLeagues();
});

describe("the root is the default league", () => {
  it("a league page at the root runs as the default league, named by the vars until its row names it", async () => {
    const place = await placeOf("/rounds");
    expect(place).toMatchObject({ missing: false, api: false, league: { id: 1, slug: "league", isDefault: true } });
    expect(place.league).toMatchObject({ name: env.LEAGUE_NAME, timeZone: env.LEAGUE_TIMEZONE });
  });

  it("a deployment page at the root has the default league too", async () => {
    expect(await placeOf("/login")).toMatchObject({ missing: false, league: { id: 1 } });
  });

  it("/l/{default}/x answers 301 to /x, the query kept; a write keeps its method (308)", async () => {
    for (const [from, to] of [
      ["/l/league/rounds?season=2030&x=1", "/rounds?season=2030&x=1"],
      ["/l/league", "/"],
      ["/l/league/", "/"],
      ["/l/league/api/rounds?season=2030", "/api/rounds?season=2030"],
      // React Router's data request for the league's home.
      ["/l/league.data", "/_.data"],
    ]) {
      const { res } = await fetchPath(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("Location"), from).toBe(to);
    }
    const { res } = await fetchPath("/l/league/api/transfers/add", { method: "POST" });
    expect(res.status).toBe(308);
    expect(res.headers.get("Location")).toBe("/api/transfers/add");
  });
});

describe("a slug the path cannot name", () => {
  it("capitals answer 301 to the lower-case slug, before any read", async () => {
    const { res, statements } = await fetchPath("/l/SeCond/rounds/3?tab=cards");
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/l/second/rounds/3?tab=cards");
    expect(statements).toBe(0);
  });

  it.each([
    "/l/ab/rounds", // too short
    `/l/${"a".repeat(41)}/rounds`, // too long
    "/l/a--b/rounds",
    "/l/-abc/rounds",
    "/l/abc-/rounds",
    "/l/a.b/rounds",
    "/l/a_b/rounds",
    "/l/..x/rounds",
    "/l/%2e%2e%2f/rounds",
    "/l/a%2eb/rounds",
    "/l/ab%2Fcd/rounds",
    "/l/api/rounds", // reserved words
    "/l/admin/rounds",
    "/l/assets/rounds",
    "/l/leagues/rounds",
    "/l/login/rounds",
    "/l/reset-password/rounds",
    "/l/",
    "/l",
  ])("%s is a 404 page with no D1 read", async (path) => {
    const { res, statements } = await fetchPath(path);
    // "/l" alone is not under /l/: a path of the default league's, which the router 404s.
    if (path === "/l") return expect(((await res.json()) as RequestLeague).league?.id).toBe(1);
    expect(res.status, path).toBe(200); // the page handler's: the router renders the 404
    expect(await res.json(), path).toMatchObject({ league: null, missing: true });
    expect(statements, path).toBe(0);
  });

  it("dot segments are the URL parser's: what they leave is placed like any path", async () => {
    // "/l/%2e/rounds" is "/l/rounds" once parsed: the slug "rounds", which nobody has.
    expect(await placeOf("/l/%2e/rounds")).toMatchObject({ league: null, missing: true });
    // And "/l/%2E%2E/rounds" is "/rounds": the default league's, as "/l/../rounds" is.
    expect(await placeOf("/l/%2E%2E/rounds")).toMatchObject({ league: { id: 1 } });
  });

  it("under /l/{bad}/api the /api's 404 envelope, with no D1 read", async () => {
    for (const path of ["/l/%2e%2e/api/rounds", "/l/api/api/rounds", "/l/x/api/players"]) {
      const { res, statements } = await fetchPath(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: "Not found", code: "not_found", requestId: res.headers.get("X-Request-Id") });
      expect(statements, path).toBe(0);
    }
  });

  it("an unknown slug is a 404: the page, and the /api's envelope", async () => {
    expect(await placeOf("/l/nobody-here/rounds")).toMatchObject({ league: null, missing: true });
    await expectError(await call("GET", "/l/nobody-here/api/rounds/all"), 404);
  });
});

describe("a second league", () => {
  it("its mail's unsubscribe page is the root's, placed in the league its link names; /l/… has none", async () => {
    for (const path of [`/unsubscribe?u=7&l=${second.id}&t=x`, `/unsubscribe.data?u=7&l=${second.id}&t=x`])
      expect(await placeOf(path), path).toMatchObject({ missing: false, league: { id: second.id, slug: "second" } });
    // A link without a league, or naming none that exists, or twice: the default league's page
    // (whose check of the signed link then refuses a link of another league's, ADR 46).
    for (const query of ["?u=7&t=x", "?u=7&l=999999&t=x", `?u=7&l=${second.id}&l=1&t=x`, "?u=7&l=01&t=x"])
      expect(await placeOf(`/unsubscribe${query}`), query).toMatchObject({ missing: false, league: { id: 1 } });
    // Only the unsubscribe page reads `l`: another deployment page stays the default league's.
    expect(await placeOf(`/profile?l=${second.id}`)).toMatchObject({ league: { id: 1 } });
  });

  it("its pages run as that league: its id, name and zone", async () => {
    for (const path of ["/l/second", "/l/second/rounds/7", "/l/second.data", "/l/second/admin/login"]) {
      expect(await placeOf(path), path).toMatchObject({
        missing: false,
        league: { id: second.id, slug: "second", name: "Second Wednesday League", timeZone: "America/Denver", isDefault: false },
      });
    }
  });

  it("its /api answers as that league: the cache tags name it; the root's name the default", async () => {
    const ours = await call("GET", "/l/second/api/rounds/thisYear");
    expect(ours.status).toBe(200);
    expect(ours.headers.get("Cache-Tag")?.split(",")).toContain(`l${second.id}:rounds`);
    expect(ours.headers.get("Cache-Tag")).not.toMatch(/\bl1:/);
    const root = await call("GET", "/api/rounds/thisYear");
    expect(root.headers.get("Cache-Tag")?.split(",")).toContain("l1:rounds");
  });

  it("its roles reach its admin /api under /l/second/api, as ADR 47's table gives them", async () => {
    const [owner, director] = [await makeUser(), await makeUser()];
    await grantRole(owner.id, "owner", second.id);
    await grantRole(director.id, "director", second.id);
    const [asOwner, asDirector] = [await tokenFor(owner, { role: "admin" }), await tokenFor(director, { role: "admin" })];
    expect((await call("GET", "/l/second/api/admin/settings", { token: asOwner })).status).toBe(200);
    await expectError(await call("GET", "/l/second/api/admin/settings", { token: asDirector }), 403, NOT_YOUR_ROLE);
    // A director runs a night: past the guard, to the handler's own 404.
    await expectError(await call("GET", "/l/second/api/admin/rounds/999999999/check-in", { token: asDirector }), 404);
    // And none of it at the root, where neither holds a role.
    await expectError(await call("GET", "/api/admin/settings", { token: asOwner }), 403, NOT_AN_ADMIN);
  });

  describe("its writes are guarded as that league", () => {
    const setSecond = (status: "active" | "frozen") =>
      testDb()
        .update(leagues)
        .set({ status, epoch: sql`${leagues.epoch} + 1` })
        .where(eq(leagues.id, second.id));
    afterEach(() => setSecond("active"));

    it("frozen, a write under /l/second/api is refused and the default league's is not", async () => {
      const token = await tokenFor(await makeAdmin());
      const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
      await makeTransfer({ fromPlayerId: null, toPlayerId: a.id, amountCents: 1_000 });
      const add = { values: { d: nowSec(), fromPlayer: a.id, toPlayer: b.id, amt: 1 } };
      // The second league's own player: league A's players are not found under its address (ADR 46).
      const [theirs] = await testDb()
        .insert(players)
        .values({ leagueId: second.id, firstName: "Frozen", lastName: "Out", division: "MA1" })
        .returning();
      const cashIn = { values: { d: nowSec(), fromPlayer: null, toPlayer: theirs.id, amt: 1 } };
      await setSecond("frozen");
      await expectError(await call("POST", "/l/second/api/transfers/add", { token, body: cashIn }), 503, LEAGUE_PAUSED);
      expect(await testDb().select().from(transfers).where(eq(transfers.toPlayerId, theirs.id))).toEqual([]);
      await expectStatus(await call("POST", "/api/transfers/add", { token, body: add }), 201);
      await testDb().delete(players).where(eq(players.id, theirs.id));
    });
  });
});

describe("a deployment without a default league", () => {
  beforeAll(async () => {
    await testDb().update(leagues).set({ isDefault: false }).where(eq(leagues.id, 1));
    forgetLeagues();
  });
  afterAll(async () => {
    await testDb().update(leagues).set({ isDefault: true }).where(eq(leagues.id, 1));
    forgetLeagues();
  });

  it("/ is the front door: the list of leagues", async () => {
    const { res } = await fetchPath("/");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/leagues");
  });

  it("the root's /api and league pages are 404s; its deployment pages have no league", async () => {
    await expectError(await call("GET", "/api/rounds/all"), 404);
    expect(await placeOf("/rounds")).toMatchObject({ league: null, missing: true });
    expect(await placeOf("/leagues")).toEqual({ league: null, missing: false, api: false });
    expect(await placeOf("/login.data")).toEqual({ league: null, missing: false, api: false });
  });

  it("the first league is then at /l/league like any other", async () => {
    expect(await placeOf("/l/league/rounds")).toMatchObject({ league: { id: 1, isDefault: false } });
    expect((await call("GET", "/l/league/api/rounds/all")).status).toBe(200);
  });
});
