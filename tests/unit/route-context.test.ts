import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeServices, servicesMiddleware } from "~/.server/route-context";
import { leagueFromEnv } from "~/.server/league";
import { cloudflareContext, requestScopeContext } from "~/context";

type Args = Parameters<typeof servicesMiddleware>[0];

function contextFor() {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: {} as ExecutionContext });
  return context;
}

describe("servicesMiddleware", () => {
  it("makes the database handle and league settings once; every reader gets the same ones", async () => {
    const context = contextFor();
    // The Worker has placed the request in the default league (workers/league-path.ts).
    context.set(requestScopeContext, { nonce: "n", renders: 0, place: { league: leagueFromEnv(env), missing: false, api: false } });
    const seen: ReturnType<typeof routeServices>[] = [];
    const response = await servicesMiddleware(
      { request: new Request("http://localhost/"), params: {}, context } as unknown as Args,
      async () => {
        seen.push(routeServices(context), routeServices(context));
        return new Response("ok");
      },
    );
    expect((response as Response).status).toBe(200);
    expect(seen[0].db).toBe(seen[1].db);
    expect(seen[0].league).toBe(seen[1].league);
    expect(seen[0].league.timeZone).toMatch(/\//);
    expect(seen[0].db.leagueId).toBe(seen[0].league.id);
    expect(seen[0].env).toBe(env);
  });

  it("is required: a loader without it fails loudly instead of building its own", () => {
    expect(() => routeServices(contextFor())).toThrow();
  });
});
