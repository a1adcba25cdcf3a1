// A HEAD must never leave an empty copy in the shared cache (ADR 11): the router and Hono
// render a HEAD with no body, and both caches key on the URL alone. The Worker answers a
// HEAD from a GET's response, in the local Cache API mode and behind Workers Cache.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isStorable } from "../../workers/response-policy";
import { createWorker } from "../../workers/worker";
import { uniq } from "../fixtures";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as calendarRoute from "~/routes/calendar-ics";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// /calendar.ics as React Router serves it: a HEAD gets the loader's headers and no body.
const routerMethods: string[] = [];
const worker = createWorker(async (request, workerEnv, ctx) => {
  routerMethods.push(request.method);
  if (new URL(request.url).pathname !== "/calendar.ics") return new Response("Not found", { status: 404 });
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: workerEnv, ctx });
  context.set(servicesContext, { db: getDb(workerEnv.DB, DEFAULT_LEAGUE_ID), league: leagueFromEnv(workerEnv) });
  context.set(sessionContext, null);
  const res = (await calendarRoute.loader({ request, context, params: {}, unstable_pattern: "/calendar.ics" } as never)) as Response;
  return request.method === "HEAD" ? new Response(null, res) : res;
});

const localEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;
const deployedEnv = { ...env, PAGE_CACHE: "workers-cache" } as unknown as Env;

/** Workers Cache as the platform runs it in front of CachedPages: keyed on the URL only. */
function workersCache() {
  const stored = new Map<string, Response>();
  const methods: string[] = [];
  const ctx = createExecutionContext();
  const CachedPages = {
    async fetch(request: Request) {
      methods.push(request.method);
      const hit = stored.get(request.url);
      if (hit) return hit.clone();
      const res = await worker.render(request, deployedEnv, createExecutionContext());
      if (isStorable(res)) stored.set(request.url, res.clone());
      return res;
    },
  };
  Object.defineProperty(ctx, "exports", { value: { CachedPages } });
  return { ctx, methods, stored };
}

async function send(method: "GET" | "HEAD", path: string, workerEnv: Env, ctx = createExecutionContext()) {
  const res = await worker.fetch(new Request(`http://cache.test${path}`, { method }), workerEnv, ctx);
  const status = /cache;desc="(\w+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1];
  return { res, status, body: await res.text() };
}

describe("HEAD and the page cache", () => {
  for (const path of ["/api/ace", "/calendar.ics"]) {
    it(`local cache: a HEAD of ${path} first, then a GET gets the full body`, async () => {
      const url = `${path}?v=${uniq()}`;
      const head = await send("HEAD", url, localEnv);
      expect(head.res.status).toBe(200);
      expect(head.body).toBe("");
      expect(head.res.headers.get("Cache-Control")).toMatch(/^public/);
      const get = await send("GET", url, localEnv);
      expect(get.status).toBe("hit"); // the HEAD stored the GET's response
      expect(get.body.length).toBeGreaterThan(0);
      if (path === "/api/ace") expect(JSON.parse(get.body)).toHaveProperty("pot");
      else expect(get.body).toContain("BEGIN:VCALENDAR");
      // And a HEAD answered from the stored copy still sends no body.
      const again = await send("HEAD", url, localEnv);
      expect(again).toMatchObject({ status: "hit", body: "" });
      expect(again.res.headers.get("Content-Type")).toBe(get.res.headers.get("Content-Type"));
    });

    it(`Workers Cache: a HEAD of ${path} reaches the cached entrypoint as a GET, so the stored copy has the body`, async () => {
      const cache = workersCache();
      const url = `${path}?v=${uniq()}`;
      const head = await send("HEAD", url, deployedEnv, cache.ctx);
      expect(head.res.status).toBe(200);
      expect(head.body).toBe("");
      expect(cache.methods).toEqual(["GET"]);
      const stored = cache.stored.get(`http://cache.test${url}`);
      expect(stored && (await stored.clone().text()).length).toBeGreaterThan(0);
      const get = await send("GET", url, deployedEnv, cache.ctx);
      expect(get.body).toBe(await stored?.clone().text());
    });
  }

  it("the cached entrypoint renders a GET even when handed a HEAD", async () => {
    routerMethods.length = 0;
    const res = await worker.render(
      new Request(`http://cache.test/calendar.ics?v=${uniq()}`, { method: "HEAD" }),
      deployedEnv,
      createExecutionContext(),
    );
    expect(routerMethods).toEqual(["GET"]);
    expect(await res.text()).toContain("BEGIN:VCALENDAR");
  });

  it("a HEAD with a session is answered without a body and stores nothing", async () => {
    const url = `/api/ace?v=${uniq()}`;
    const res = await worker.fetch(
      new Request(`http://cache.test${url}`, { method: "HEAD", headers: { Authorization: "Bearer x" } }),
      localEnv,
      createExecutionContext(),
    );
    expect(await res.text()).toBe("");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await send("GET", url, localEnv)).status).toBe("miss");
  });
});
