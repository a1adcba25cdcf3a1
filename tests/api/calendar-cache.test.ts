// The calendar feeds behind the local page cache (ADR 11), through the Worker with the two
// feed routes as its pages: /calendar.ics is stored for anonymous readers and purged when
// a round changes; a personal feed is never stored.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { loginToken, makeAdmin, makeUser } from "../auth-fixtures";
import { DAY, makeRound, nowSec, uniq } from "../fixtures";
import { createWorker } from "../../workers/worker";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { ensureCalendarToken } from "~/.server/services/rounds/calendar";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as feedRoute from "~/routes/calendar-feed";
import * as allRoute from "~/routes/calendar-ics";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// The two routes' loaders as the React Router handler calls them (anonymous: calendar apps send no cookie).
const worker = createWorker(async (request, workerEnv, ctx) => {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: workerEnv, ctx });
  context.set(servicesContext, { db: getDb(workerEnv.DB, DEFAULT_LEAGUE_ID), league: leagueFromEnv(workerEnv) });
  context.set(sessionContext, null);
  const { pathname } = new URL(request.url);
  const feed = /^\/calendar\/([^/]+)$/.exec(pathname)?.[1];
  const route = pathname === "/calendar.ics" ? allRoute : feed ? feedRoute : null;
  if (!route) return new Response("Not found", { status: 404 });
  return (await route.loader({ request, context, params: { feed }, unstable_pattern: pathname } as never)) as Response;
});
const cachedEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;

async function get(path: string) {
  const res = await worker.fetch(new Request(`http://cache.test${path}`), cachedEnv, createExecutionContext());
  const status = /cache;desc="(\w+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1];
  return { res, status, body: await res.text() };
}

describe("calendar feeds behind the page cache", () => {
  it("/calendar.ics is a hit the second time and fresh again after an admin changes a round", async () => {
    const round = await makeRound({ name: `Before ${uniq()}`, startsAt: nowSec() + DAY });
    // The cache keys on the URL: this test's own copy, whatever other tests cached.
    const path = `/calendar.ics?v=${uniq()}`;
    const first = await get(path);
    expect(first.status).toBe("miss");
    expect(first.res.headers.get("Cache-Control")).toMatch(/^public/);
    expect(first.body).toContain(`SUMMARY:${round.name}`);
    expect((await get(path)).status).toBe("hit");

    const admin = await makeAdmin();
    const token = await loginToken(admin.email, admin.password);
    const save = await worker.fetch(
      new Request("http://cache.test/api/admin/round/openForRegistration", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ id: round.id, openForRegistration: true }),
      }),
      cachedEnv,
      createExecutionContext(),
    );
    expect(save.status).toBe(200);
    expect((await get(path)).status).toBe("miss");
  });

  it("a personal feed is never stored: every fetch is rendered and answered private, no-store", async () => {
    const user = await makeUser();
    const path = `/calendar/${await ensureCalendarToken(getDb(env.DB, DEFAULT_LEAGUE_ID), user.id)}.ics`;
    for (let i = 0; i < 2; i++) {
      const { res, status } = await get(path);
      expect(res.status).toBe(200);
      expect(status).toBe("miss");
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("Cache-Tag")).toBeNull();
    }
  });
});
