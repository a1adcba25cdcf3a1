// The root middleware hands every loader and action the league the Worker placed the
// request in (ADR 46): a league page whose league does not exist is the 404 page before any
// read, and a deployment page of a deployment without a default league has no league.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type League, type RequestLeague, leagueFromEnv } from "~/.server/league";
import { rootData } from "~/.server/root-data";
import { routeServices, servicesMiddleware } from "~/.server/route-context";
import { cloudflareContext, requestScopeContext, servicesContext } from "~/context";

const second: League = {
  id: 2,
  slug: "second",
  name: "Second League",
  timeZone: "America/Denver",
  status: "active",
  epoch: 0,
  isDefault: false,
  suspendedAt: null,
  closedAt: null,
};

async function run(place: RequestLeague | undefined) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: {} as ExecutionContext });
  context.set(requestScopeContext, { nonce: "n", renders: 0, place });
  const args = { context, request: new Request("http://localhost/"), params: {}, unstable_pattern: "/" } as never;
  // The middleware throws as it is called: run it inside a promise to catch what it throws.
  const outcome = await (async () => servicesMiddleware(args, async () => new Response("ok")))().catch((e: unknown) => e);
  return { context, outcome };
}

const statusOf = (thrown: unknown) => (thrown as { init?: ResponseInit }).init?.status;

describe("servicesMiddleware", () => {
  it("gives loaders the placed league", async () => {
    const { context, outcome } = await run({ league: second, missing: false, api: false });
    expect(outcome).toBeInstanceOf(Response);
    expect(context.get(servicesContext).league).toEqual(second);
    expect(routeServices(context).league).toEqual(second);
    expect(rootData(context).league).toEqual({
      id: 2,
      slug: "second",
      name: "Second League",
      timeZone: "America/Denver",
      isDefault: false,
      suspended: false,
      closed: false,
    });
  });

  it("tells the pages the placed league is suspended or closed", async () => {
    const { context } = await run({ league: { ...second, suspendedAt: 100, closedAt: 200 }, missing: false, api: false });
    expect(rootData(context).league).toMatchObject({ id: 2, suspended: true, closed: true });
  });

  it("answers a league page whose league does not exist with a 404, before the next step", async () => {
    const { outcome } = await run({ league: null, missing: true, api: false });
    expect(statusOf(outcome)).toBe(404);
  });

  it("on a deployment page without a default league: no league, and asking for one is a 404", async () => {
    const { context } = await run({ league: null, missing: false, api: false });
    expect(rootData(context).league).toBeNull();
    const { db } = routeServices(context);
    expect(db).toBeDefined();
    expect(
      statusOf(
        (() => {
          try {
            return routeServices(context).league;
          } catch (e) {
            return e;
          }
        })(),
      ),
    ).toBe(404);
  });

  it("refuses a request no Worker placed rather than guess its league", async () => {
    const { outcome } = await run(undefined);
    expect(String(outcome)).toMatch(/places every request/);
    expect(leagueFromEnv(env).id).toBe(1);
  });
});
