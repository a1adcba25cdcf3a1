// The local page cache (ADR 11): an anonymous public read is stored once and then
// answered without D1; a request with credentials never gets, nor leaves, a shared copy;
// a write purges exactly the tags of the tables it changed, cascades included.
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { claims } from "~/.server/db/schema";
import { DEFAULT_SETTINGS } from "~/.server/services/settings/league-settings";
import { createWorker } from "../../workers/worker";
import { pageKey, purgeCacheApi } from "../../workers/page-cache";
import { purgeWrites } from "../../workers/purge";
import { JOBS_QUEUE } from "../../workers/queue/consumer";
import { makePlayer, testDb, uniq } from "../fixtures";
import { loginToken, makeAdmin, makeUser, tokenFor } from "../auth-fixtures";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

let renders = 0;
const worker = createWorker(async () => {
  renders += 1;
  return new Response("<p>page</p>", {
    headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=30", "Cache-Tag": "rounds" },
  });
});
const cachedEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await worker.fetch(new Request(`http://cache.test${path}`, { headers }), cachedEnv, createExecutionContext());
  const timing = res.headers.get("Server-Timing") ?? "";
  const status = /cache;desc="(\w+)"/.exec(timing)?.[1];
  const queries = Number(/d1;desc="(\d+)"/.exec(timing)?.[1]);
  return { res, status, queries, body: await res.text() };
}

const send = (method: string, path: string, token: string) =>
  worker.fetch(
    new Request(`http://cache.test${path}`, { method, headers: { Authorization: `Bearer ${token}` } }),
    cachedEnv,
    createExecutionContext(),
  );

describe("page cache (Cache API, as served locally)", () => {
  it("the second anonymous GET of /api/players is a hit: no D1 query, same body", async () => {
    const path = `/api/players?v=${uniq()}`;
    const first = await get(path);
    expect(first.status).toBe("miss");
    expect(first.queries).toBeGreaterThan(0);
    const second = await get(path);
    expect(second).toMatchObject({ status: "hit", queries: 0, body: first.body });
    expect(second.res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(second.res.headers.get("Content-Security-Policy")).toContain("'nonce-");
  });

  it("the key is the path and query, not the host: another host gets the same copy", async () => {
    const path = `/api/players?v=${uniq()}`;
    const first = await get(path);
    expect(first.status).toBe("miss");
    const elsewhere = await worker.fetch(new Request(`https://other-host.test${path}`), cachedEnv, createExecutionContext());
    expect(/cache;desc="(\w+)"/.exec(elsewhere.headers.get("Server-Timing") ?? "")?.[1]).toBe("hit");
    expect(await elsewhere.text()).toBe(first.body);
    // Another query is another page.
    expect((await get(`${path}&x=1`)).status).toBe("miss");
  });

  it("a page's tags are its league's: another league's write leaves it, its own league's purges it", async () => {
    const path = `/page-${uniq()}`;
    const first = await get(path);
    expect(first.res.headers.get("Cache-Tag")).toBe("l1:rounds");
    await purgeWrites(["rounds"], "cache-api", env.DB, {}, 2);
    expect((await get(path)).status).toBe("hit");
    expect(await purgeWrites(["rounds"], "cache-api", env.DB, {}, 1)).toContain("l1:rounds");
    expect((await get(path)).status).toBe("miss");
  });

  it("a request with a session never reads nor fills the shared copy", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const path = `/api/players?v=${uniq()}`;
    await get(path);
    for (const headers of [{ Authorization: `Bearer ${token}` }, { Cookie: `__Host-session=${token}` }] as Record<string, string>[]) {
      const personal = await get(path, headers);
      expect(personal.status).toBe("bypass");
      expect(personal.queries).toBeGreaterThan(0);
      expect(personal.res.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const fresh = `/api/players?v=${uniq()}`;
    await get(fresh, { Authorization: `Bearer ${token}` });
    expect((await get(fresh)).status).toBe("miss");
  });

  it("a page hit renders nothing and gets this request's nonce in the header", async () => {
    const path = `/rounds?v=${uniq()}`;
    await get(path);
    const before = renders;
    const hit = await get(path);
    expect(hit.status).toBe("hit");
    expect(renders).toBe(before);
    expect(hit.res.headers.get("Server-Timing")).toContain('render;desc="0"');
  });

  it("errors and private answers are never stored", async () => {
    const path = `/api/players/player/99999999?v=${uniq()}`;
    expect((await get(path)).res.status).toBe(404);
    expect((await get(path)).status).toBe("miss");
  });

  it("an admin deleting a user who claimed a player: the league's job drops the claim and purges the player's cached JSON", async () => {
    const [user, admin, player] = await Promise.all([makeUser(), makeAdmin(), makePlayer()]);
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
    const path = `/api/players/player/${player.id}?v=${uniq()}`;
    expect(JSON.parse((await get(path)).body).claims).toHaveLength(1);
    expect((await get(path)).status).toBe("hit");

    const res = await send("DELETE", `/api/admin/users/${user.id}`, await loginToken(admin.email, admin.password));
    expect(res.status).toBe(200);
    await get(path);

    // The league's own job lets go of the account (ADR 46), run as the queue runs it, with
    // this page cache: what it writes purges the copy, whenever the queue's own run came.
    const job = { type: "release-account", id: crypto.randomUUID(), leagueId: DEFAULT_LEAGUE_ID, userId: user.id };
    const ctx = createExecutionContext();
    await worker.queue(createMessageBatch(JOBS_QUEUE, [{ id: uniq(), timestamp: new Date(), attempts: 1, body: job }]), cachedEnv, ctx);
    await waitOnExecutionContext(ctx);
    const after = await get(path);
    expect(after.status).toBe("miss");
    expect(JSON.parse(after.body).claims).toEqual([]);
  });

  it("an admin saving the settings purges the cached standings; a failed save purges nothing", async () => {
    const admin = await makeAdmin();
    const token = await loginToken(admin.email, admin.password);
    const path = `/api/standings?v=${uniq()}`;
    const settings = JSON.parse((await get("/api/standings")).body).rule;
    await get(path);
    expect((await get(path)).status).toBe("hit");
    const put = (body: unknown) =>
      worker.fetch(
        new Request("http://cache.test/api/admin/settings", {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        cachedEnv,
        createExecutionContext(),
      );
    const all = { ...DEFAULT_SETTINGS, pointsFirst: settings.pointsFirst + 1 };
    expect((await put({ ...all, pointsFloor: 5000 })).status).toBe(400);
    expect((await get(path)).status).toBe("hit");
    expect((await put(all)).status).toBe(200);
    const after = await get(path);
    expect(after.status).toBe("miss");
    expect(JSON.parse(after.body).rule.pointsFirst).toBe(settings.pointsFirst + 1);
    expect((await put(DEFAULT_SETTINGS)).status).toBe(200);
  });

  it("a write to a table no public page reads (a failed login) purges nothing", async () => {
    const path = `/api/players?v=${uniq()}`;
    await get(path);
    await worker.fetch(
      new Request("http://cache.test/api/users/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com", password: "x" }),
      }),
      cachedEnv,
      createExecutionContext(),
    );
    expect((await get(path)).status).toBe("hit");
  });
});

describe("Server-Timing", () => {
  it("is sent by a local server and never by the deployed one, whose statement counts would show a login's branch", async () => {
    const local = await get(`/api/ace?v=${uniq()}`);
    expect(local.res.headers.get("Server-Timing")).toMatch(/d1;desc="\d+"/);
    const deployedEnv = { ...env, PAGE_CACHE: "workers-cache" } as unknown as Env;
    const req = new Request("http://cache.test/api/users/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `nobody-${uniq()}@example.org`, password: "Wrong-Pass-1" }),
    });
    const res = await worker.fetch(req, deployedEnv, createExecutionContext());
    expect(res.status).toBe(401);
    expect(res.headers.get("Server-Timing")).toBeNull();
  });

  it("a page stored again while a purge runs keeps its tags: the next purge still removes it", async () => {
    const path = `/page-${uniq()}`;
    expect((await get(path)).status).toBe("miss");
    await purgeCacheApi(env.DB, ["l1:rounds"]);
    // A render that overlapped that purge stores its page after the purge deleted it, as a
    // miss does, its index rows already there: the page must stay purgeable by its tags.
    const pages = await caches.open("pages");
    await pages.put(
      new Request(pageKey(`http://cache.test${path}`)),
      new Response("<p>old</p>", { headers: { "Cache-Control": "public, max-age=30" } }),
    );
    expect((await get(path)).status).toBe("hit");
    await purgeCacheApi(env.DB, ["l1:rounds"]);
    expect((await get(path)).status).toBe("miss");
  });
});
