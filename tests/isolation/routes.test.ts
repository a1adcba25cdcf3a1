// The isolation suite's own footing: its walks ask every page of app/routes.ts and every
// route and method of the /api, each filled from the code's own lists; a route the walks
// cannot fill is in a skip list with why, and a skip names a route that exists.
import { describe, expect, it } from "vitest";
import { describedAction, API_SKIPS, NOT_ROW_IDS, PAGE_SKIPS, apiRoutes, pageCombos, pagesAt } from "./routes";
import { PAGE_ROUTES } from "./pages-build";
import { API_ROUTES } from "../hostile/api-routes";
import { api } from "../../workers/api/index";

describe("the walks' lists", () => {
  it("every page of app/routes.ts is walked at the root or under /l/, or skipped with a reason", () => {
    const walked = [...pagesAt("root"), ...pagesAt("l")].map((r) => r.id);
    const all = PAGE_ROUTES.map((r) => r.id);
    expect(all.filter((id) => !walked.includes(id) && !(id in PAGE_SKIPS))).toEqual([]);
    expect(Object.keys(PAGE_SKIPS).filter((id) => !all.includes(id))).toEqual([]);
    expect(new Set(walked).size).toBe(walked.length);
    // Both copies of every league page: the root's and the one under l/:league.
    expect(pagesAt("l").length).toBeGreaterThanOrEqual(30);
    expect(PAGE_ROUTES.length).toBe(pagesAt("root").length + pagesAt("l").length + Object.keys(PAGE_SKIPS).length);
  });

  it("every page's parameters have values for the walk", () => {
    const values = Object.fromEntries(
      [...new Set(PAGE_ROUTES.flatMap((r) => [...(r.path ?? "").matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*")))].map((n) => [n, ["x"]]),
    );
    for (const route of PAGE_ROUTES) expect(pageCombos(route, values).length, route.id).toBe(1);
    const names = Object.keys(values).sort();
    expect(names).toEqual(["*", "code", "courseId", "feed", "layoutId", "league", "playerId", "roundId", "tag", "token", "userId"]);
    for (const name of Object.keys(NOT_ROW_IDS)) expect(names).toContain(name);
  });

  it("every route and method of the /api is walked (its GETs read, the rest written), or skipped with a reason", () => {
    const all = new Set(api.routes.map((r) => `${r.method} ${r.path}`));
    const walked = apiRoutes().map((r) => r.name);
    expect([...all].filter((name) => !walked.includes(name) && !(name in API_SKIPS))).toEqual([]);
    expect(Object.keys(API_SKIPS).filter((name) => !all.has(name))).toEqual([]);
    expect(walked.length).toBeGreaterThan(100);
  });

  it("every /api route and page action has a valid request the walk can fill with B's rows", () => {
    const undescribedApi = apiRoutes().filter((r) => !API_ROUTES.some((d) => d.method === r.method && d.pattern === r.path));
    expect(undescribedApi.map((r) => r.name)).toEqual([]);
    const withActions = PAGE_ROUTES.filter((r) => typeof r.module.action === "function");
    expect(withActions.filter((r) => !describedAction(r)).map((r) => r.id)).toEqual([]);
  });
});
