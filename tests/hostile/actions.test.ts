// The hostile-input suite, page half: generated bad posts to every page
// action — each bad field of each form, bodies that are not a form, bad route parameters,
// wrong roles — called as the Worker calls them, and the Worker's own gates (a foreign
// Origin on a cookie session, an oversize body) through its fetch. Each must get a 4xx
// with a message (a wrong role: the redirect to log in), and a checksum of every table
// taken around each batch must not move.
import { beforeAll, describe, expect, it } from "vitest";
import { ACTION_ROUTES, type ActionTargets, actionCases, pathOf } from "./action-routes";
import { checksums } from "./checksum";
import { type ApiCase, checkActionCase, checkApiCase, runAll } from "./run";
import { FOREIGN_ORIGINS, makeTargets } from "./targets";
import { sessionOf } from "../route-fixtures";

/** This file alone sends at least this many bad posts (checked last, so the number cannot silently shrink). */
const MINIMUM_CASES = 1_000;
const BATCH_TIMEOUT = 30_000;

let t: ActionTargets;

beforeAll(async () => {
  const [targets, adminSession, playerSession] = await Promise.all([makeTargets(), sessionOf("admin"), sessionOf("player")]);
  if (!adminSession || !playerSession) throw new Error("sessions were not made");
  t = { ...targets, adminSession, playerSession };
});

/** The Worker refuses these before any page sees them: a cookie session's post from another site, a form over 64 KB. */
function workerGateCases(): ApiCase[] {
  const cases: ApiCase[] = [];
  for (const route of ACTION_ROUTES) {
    const path = pathOf(route, route.params?.(t) ?? {});
    const base = { route: `POST ${route.path}`, method: "POST", path, plainText: true, contentType: "application/x-www-form-urlencoded" };
    for (const origin of FOREIGN_ORIGINS) {
      cases.push({
        ...base,
        name: `a cookie session's post from Origin ${origin ?? "(none)"}`,
        cookie: t.userToken,
        origin,
        body: "intent=x",
        expect: { status: 403, error: "Cross-site request refused" },
      });
    }
    cases.push({
      ...base,
      name: "a form over the size limit",
      body: `intent=x&pad=${"p".repeat(70 * 1024)}`,
      expect: { status: 413, error: "Request body too large (the limit is 64 KB)" },
    });
  }
  return cases;
}

const counts: Record<string, number> = {};

describe("the suite's own footing", () => {
  it("describes every route module that has an action", () => {
    const modules = import.meta.glob<{ action?: unknown }>("../../app/routes/*.{ts,tsx}", { eager: true });
    const withAction = Object.entries(modules).flatMap(([file, mod]) =>
      typeof mod.action === "function" ? [{ file, action: mod.action }] : [],
    );
    const described = new Set<unknown>(ACTION_ROUTES.map((r) => r.action));
    expect(withAction.filter((m) => !described.has(m.action)).map((m) => m.file)).toEqual([]);
    expect(withAction.length).toBeGreaterThanOrEqual(19);
  });
});

describe("bad posts to every page action get a 4xx with a message (or the login redirect) and change nothing", () => {
  it.each(ACTION_ROUTES.map((r, i) => ({ name: r.name ?? r.path, i })))(
    "$name",
    async ({ name, i }) => {
      const route = ACTION_ROUTES[i]!;
      const cases = actionCases(route, t);
      counts[name] = cases.length;
      const before = await checksums();
      const failures = await runAll(cases, checkActionCase);
      expect(failures, `${failures.length} of ${cases.length} bad posts were not refused cleanly`).toEqual([]);
      expect(await checksums(), "a refused post changed a table").toEqual(before);
    },
    BATCH_TIMEOUT,
  );

  it(
    "the Worker's gates in front of every page action",
    async () => {
      const cases = workerGateCases();
      counts["worker gates"] = cases.length;
      const before = await checksums();
      const failures = await runAll(cases, checkApiCase);
      expect(failures, `${failures.length} of ${cases.length} bad posts were not refused cleanly`).toEqual([]);
      expect(await checksums(), "a refused post changed a table").toEqual(before);
    },
    BATCH_TIMEOUT,
  );

  it(`sent at least ${MINIMUM_CASES} bad posts in all`, () => {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(Object.keys(counts).length).toBe(ACTION_ROUTES.length + 1);
    expect(total, JSON.stringify(counts)).toBeGreaterThanOrEqual(MINIMUM_CASES);
  });
});
