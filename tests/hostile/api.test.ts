// The hostile-input suite, /api half: generated bad requests to every
// route — wrong types, missing fields, huge strings and numbers, negative and fractional
// cents, bad ids, unknown enum values, malformed JSON, the wrong Content-Type, oversize
// bodies, bad and wrong-role credentials, foreign Origins, wrong methods. Each must get a
// 4xx with a readable { error, code, requestId }, and a checksum of every table taken around each
// batch must not move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStandIn, STANDIN_CREDENTIALS } from "../../scripts/paypal-standin/standin";
import { api } from "../../workers/api";
import { API_ROUTES, apiCases } from "./api-routes";
import { checksums, databaseTables, schemaTables } from "./checksum";
import { MALFORMED_JSON } from "./generators";
import { type ApiCase, checkApiCase, runAll } from "./run";
import { type Targets, makeTargets } from "./targets";
import { testDb } from "../fixtures";
import { sql } from "drizzle-orm";

/** This file alone sends at least this many bad requests (checked last, so the number cannot silently shrink). */
const MINIMUM_CASES = 1_000;
/** A batch of several hundred requests: each D1 round trip costs milliseconds locally. */
const BATCH_TIMEOUT = 30_000;

// The app's PayPal calls (to the local stand-in's address for a request to http://localhost)
// go to an in-process stand-in, so a webhook's signature is really checked.
const STANDIN_BASE = "http://127.0.0.1:1080";
const realFetch = globalThis.fetch;
let t: Targets;

beforeAll(async () => {
  const standIn = createStandIn({ ...STANDIN_CREDENTIALS, baseUrl: STANDIN_BASE });
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    return req.url.startsWith(`${STANDIN_BASE}/`) ? standIn.fetch(req) : realFetch(req);
  }) as typeof fetch;
  t = await makeTargets();
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

const routeKey = (method: string, path: string) => `${method} ${path}`;

/** The app's own routes (middleware left out), as Hono lists them. */
const appRoutes = () => [...new Set(api.routes.filter((r) => r.method !== "ALL").map((r) => routeKey(r.method, r.path)))].sort();

/** A PayPal webhook's headers, well-formed but not PayPal's signature. */
const forgedPayPalHeaders = {
  "PAYPAL-AUTH-ALGO": "SHA256withRSA",
  "PAYPAL-CERT-URL": `${STANDIN_BASE}/v1/notifications/certs/forged`,
  "PAYPAL-TRANSMISSION-ID": crypto.randomUUID(),
  "PAYPAL-TRANSMISSION-SIG": btoa("x".repeat(256)),
  "PAYPAL-TRANSMISSION-TIME": new Date().toISOString(),
};

/** The webhook's bad requests: it checks PayPal's signature, not a session or a schema. */
function webhookCases(): ApiCase[] {
  const route = "POST /api/paypal/webhook";
  const event = JSON.stringify({
    id: `WH-${crypto.randomUUID()}`,
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource_type: "capture",
    resource: { id: "CAPTURE1", status: "COMPLETED", amount: { currency_code: "USD", value: "6.00" } },
  });
  const unverified = { status: 400, error: "Webhook signature could not be verified" };
  const base = { route, method: "POST", path: "/api/paypal/webhook", body: event, expect: unverified };
  const cases: ApiCase[] = [{ ...base, name: "an event without PayPal's headers" }];
  for (const header of Object.keys(forgedPayPalHeaders)) {
    const { [header as keyof typeof forgedPayPalHeaders]: _, ...rest } = forgedPayPalHeaders;
    cases.push({ ...base, name: `an event without ${header}`, headers: rest });
  }
  cases.push({ ...base, name: "an event with a forged signature", headers: forgedPayPalHeaders });
  for (const m of MALFORMED_JSON) cases.push({ ...base, name: `malformed JSON: ${m.name}`, body: m.text, headers: forgedPayPalHeaders });
  return cases;
}

/** Each method a path does not answer, with an admin's token so no guard answers first. */
function wrongMethodCases(): ApiCase[] {
  // By the path's shape: GET /api/entries/:roundId and DELETE /api/entries/:id are one path.
  const shape = (pattern: string) => pattern.replace(/:\w+(\{[^}]*\})?/g, ":_");
  const methods = new Map<string, Set<string>>();
  for (const r of api.routes) if (r.method !== "ALL") methods.set(shape(r.path), (methods.get(shape(r.path)) ?? new Set()).add(r.method));
  const cases: ApiCase[] = [];
  for (const [key, allowed] of methods) {
    const route = API_ROUTES.find((r) => shape(r.pattern) === key);
    const pattern = route?.pattern ?? key;
    if (!route) continue; // reported by the coverage test
    const path = concretePath(route.path, route.url);
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
      if (allowed.has(method)) continue;
      cases.push({
        route: routeKey(method, pattern),
        name: "a method the path does not answer",
        method,
        path,
        authorization: `Bearer ${t.adminToken}`,
        body: method === "GET" ? undefined : "{}",
        // Mostly 404; a path another route reads as its parameter gets that route's 400.
      });
    }
  }
  return cases;
}

/** A route's path with valid values in place of its parameters. */
function concretePath(template: string, url: (typeof API_ROUTES)[number]["url"]): string {
  let path = template;
  for (const [k, v] of Object.entries(url ?? {})) path = path.replace(`{${k}}`, v.valid(t));
  return path;
}

const GROUPS = [...new Set(API_ROUTES.map((r) => r.group))];
const counts: Record<string, number> = {};

/** Sends a batch and checks every answer, and that no table changed. */
async function hostileBatch(group: string, cases: ApiCase[]) {
  counts[group] = cases.length;
  const before = await checksums();
  const failures = await runAll(cases, checkApiCase);
  expect(failures, `${failures.length} of ${cases.length} bad requests were not refused cleanly`).toEqual([]);
  expect(await checksums(), "a refused request changed a table").toEqual(before);
}

describe("the suite's own footing", () => {
  it("describes every /api route the app has, and no other", () => {
    const described = [...new Set(API_ROUTES.map((r) => routeKey(r.method, r.pattern)))].sort();
    expect(described).toEqual(appRoutes());
  });

  it("checksums every table the database holds", async () => {
    expect(
      schemaTables()
        .map((s) => s.name)
        .sort(),
    ).toEqual(await databaseTables());
  });

  it("the checksum sees a one-character change in any row", async () => {
    const before = await checksums();
    await testDb().run(sql`update players set fn = fn || 'x' where id = ${t.spare.id}`);
    const changed = await checksums();
    await testDb().run(sql`update players set fn = substr(fn, 1, length(fn) - 1) where id = ${t.spare.id}`);
    expect(changed.players).not.toBe(before.players);
    expect({ ...changed, players: before.players }).toEqual(before);
    expect(await checksums()).toEqual(before);
  });
});

describe("bad requests to every /api route get a 4xx with a readable error and change nothing", () => {
  it.each(GROUPS)(
    "%s",
    async (group) => {
      const cases = API_ROUTES.filter((r) => r.group === group).flatMap((r) => apiCases(r, t));
      if (group === "paypal") cases.push(...webhookCases());
      await hostileBatch(group, cases);
    },
    BATCH_TIMEOUT,
  );

  it("wrong methods", () => hostileBatch("wrong methods", wrongMethodCases()), BATCH_TIMEOUT);

  it(`sent at least ${MINIMUM_CASES} bad requests in all`, () => {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(Object.keys(counts).sort()).toEqual([...GROUPS, "wrong methods"].sort());
    expect(total, JSON.stringify(counts)).toBeGreaterThanOrEqual(MINIMUM_CASES);
  });
});
