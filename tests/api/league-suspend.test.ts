import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetLeagues } from "../../workers/league-directory";
import { createWorker } from "../../workers/worker";
import { pages } from "../isolation/pages-build";
import { APP_ORIGIN, type TestUser, expectError, expectStatus, grantRole, makeAdmin, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { makeRound, testDb, uniq } from "../fixtures";
import { SESSION_COOKIE } from "~/.server/auth/session";
import { auditLog, courses, leagues } from "~/.server/db/schema";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { getDb } from "~/.server/db/client";
import { listLeagues } from "~/.server/services/leagues/league-list";
import { SUSPENSION_MESSAGES } from "~/lib/leagues/suspension";

// The operator suspends a league (ADR 46): PATCH /api/admin/leagues/{id} {suspended, hidden}.
// While suspended, its pages and /api answer 403 "This league is suspended" to everyone but its
// owner and the operator, who see its pages with a banner and whose writes the league's guard
// refuses with the same words; its cached pages are purged; the front door leaves it out, as
// it leaves out a league the operator hides.

const SUSPENDED = SUSPENSION_MESSAGES.refused;

// The Worker with the app's pages, its page cache on (an anonymous read is stored and served again).
const worker = createWorker(pages);
const cachedEnv = { ...env, PAGE_CACHE: "cache-api" } as unknown as Env;

type Send = { token?: string; cookie?: boolean; body?: unknown; origin?: string };

async function send(method: string, path: string, opts: Send = {}) {
  const headers = new Headers({ "CF-Connecting-IP": uniqueIp() });
  if (opts.token && opts.cookie) headers.set("Cookie", `${SESSION_COOKIE}=${opts.token}`);
  else if (opts.token) headers.set("Authorization", `Bearer ${opts.token}`);
  if (opts.body !== undefined) headers.set("Content-Type", "application/json");
  if (method !== "GET") headers.set("Origin", opts.origin ?? APP_ORIGIN);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${APP_ORIGIN}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
      redirect: "manual",
    }),
    cachedEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

/** A page as `token`'s session sees it (a cookie, as a browser sends it): its status, body and cache outcome. */
async function page(path: string, token?: string) {
  const res = await send("GET", path, { token, cookie: true });
  return {
    status: res.status,
    body: await res.text(),
    cache: /cache;desc="(\w+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1],
  };
}

const patch = (leagueId: number, body: unknown, token: string | undefined, at = "") =>
  send("PATCH", `${at}/api/admin/leagues/${leagueId}`, { token, body });

const leagueRow = async (id: number) => (await testDb().select().from(leagues).where(eq(leagues.id, id)))[0];
const leagueAudits = async (id: number) =>
  testDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.leagueId, id), eq(auditLog.tableName, "leagues")));
const clubCourses = async () => getDb(env.DB, club.id).select({ id: courses.id }).from(courses).where(eq(courses.leagueId, club.id));

let club: { id: number; slug: string };
let operator: TestUser;
let op: string;
const people = {} as Record<"owner" | "admin" | "director" | "player" | "stranger" | "rootOwner", string>;

beforeAll(async () => {
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug: `susp-${uniq().toLowerCase()}`, name: "Suspense Club", timeZone: "America/Chicago" })
    .returning();
  club = row;
  // The front door lists a league once it has a round: one, so that only hiding or
  // suspending can leave the club off it.
  await makeRound({ leagueId: club.id });
  operator = await makeAdmin();
  op = await tokenFor(operator);
  for (const role of ["owner", "admin", "director", "player"] as const) {
    const user = await makeUser();
    await grantRole(user.id, role, club.id);
    people[role] = await tokenFor(user, { role: role === "player" ? "user" : "admin" });
  }
  people.stranger = await tokenFor(await makeUser());
  // The default league's owner: not the operator, and nothing in the club.
  const rootOwner = await makeUser();
  await grantRole(rootOwner.id, "owner", DEFAULT_LEAGUE_ID);
  people.rootOwner = await tokenFor(rootOwner, { role: "admin" });
});

afterAll(async () => {
  await testDb().update(leagues).set({ suspendedAt: null, hiddenByOperator: false }).where(eq(leagues.id, DEFAULT_LEAGUE_ID));
  forgetLeagues();
});

describe("PATCH /api/admin/leagues/{id}: suspended, hidden", () => {
  it("suspends and unsuspends, each moving the epoch, audited with its actor; the same change again changes nothing", async () => {
    const before = await leagueRow(club.id);
    const body = await expectStatus(await patch(club.id, { suspended: true }, op), 200);
    expect(body).toEqual({ id: club.id, slug: club.slug, default: false, suspended: true, hidden: false });
    const suspended = await leagueRow(club.id);
    expect(suspended.suspendedAt).toEqual(expect.any(Number));
    expect(suspended.epoch).toBe(before.epoch + 1);
    const [audit] = await leagueAudits(club.id);
    expect(audit).toMatchObject({ actorUserId: operator.id, actorName: operator.name, action: "update", rowId: club.id });
    expect(JSON.parse(audit.before ?? "")).toEqual({ suspended: false });
    expect(JSON.parse(audit.after ?? "")).toEqual({ suspended: true });

    // Idempotent: suspending a suspended league writes nothing, not even an audit row.
    expect(await expectStatus(await patch(club.id, { suspended: true }, op), 200)).toMatchObject({ suspended: true });
    expect(await leagueRow(club.id)).toEqual(suspended);
    expect(await leagueAudits(club.id)).toHaveLength(1);

    expect(await expectStatus(await patch(club.id, { suspended: false }, op), 200)).toMatchObject({ suspended: false });
    const after = await leagueRow(club.id);
    expect(after.suspendedAt).toBeNull();
    expect(after.epoch).toBe(before.epoch + 2);
    expect(await leagueAudits(club.id)).toHaveLength(2);
  });

  it("hides and shows the league on the front door, audited", async () => {
    expect((await listLeagues(testDb(), env)).map((l) => l.slug)).toContain(club.slug);
    expect(await expectStatus(await patch(club.id, { hidden: true }, op), 200)).toMatchObject({ hidden: true, suspended: false });
    expect((await leagueRow(club.id)).hiddenByOperator).toBe(true);
    expect((await listLeagues(testDb(), env)).map((l) => l.slug)).not.toContain(club.slug);
    const audits = await leagueAudits(club.id);
    expect(JSON.parse(audits.at(-1)?.after ?? "")).toEqual({ hidden: true });
    await expectStatus(await patch(club.id, { hidden: true }, op), 200);
    expect(await leagueAudits(club.id)).toHaveLength(audits.length);

    await expectStatus(await patch(club.id, { hidden: false }, op), 200);
    expect((await leagueRow(club.id)).hiddenByOperator).toBe(false);
    expect((await listLeagues(testDb(), env)).map((l) => l.slug)).toContain(club.slug);
  });

  it("refuses a bad body (400) and an unknown league (404), changing nothing", async () => {
    const before = await leagueRow(club.id);
    for (const bad of [{ suspended: "yes" }, { suspended: 1 }, { hidden: "true" }, { hidden: null }, { suspended: true, extra: 1 }, {}])
      await expectError(await patch(club.id, bad, op), 400);
    await expectError(await send("PATCH", `/api/admin/leagues/${club.id}`, { token: op, body: "{not json" }), 400);
    await expectError(await patch(999_999, { suspended: true }, op), 404, "League not found");
    await expectError(await patch(0, { suspended: true }, op), 400);
    expect(await leagueRow(club.id)).toEqual(before);
  });

  it("is the operator's alone: the league's owner, admin, director, player, a stranger, no session, a foreign Origin", async () => {
    const before = await leagueRow(club.id);
    for (const who of ["owner", "admin", "director", "player", "stranger"] as const) {
      await expectError(await patch(club.id, { suspended: true }, people[who], `/l/${club.slug}`), 403);
      await expectError(await patch(club.id, { hidden: true }, people[who]), 403);
    }
    // The default league's owner is no operator either.
    await expectError(await patch(club.id, { suspended: true }, people.rootOwner), 403);
    await expectError(await patch(club.id, { suspended: true }, undefined), 401);
    // The operator's own cookie, sent by another site.
    const foreign = await send("PATCH", `/api/admin/leagues/${club.id}`, {
      token: op,
      cookie: true,
      body: { suspended: true },
      origin: "https://evil.example",
    });
    await expectError(foreign, 403, "Cross-site request refused");
    expect(await leagueRow(club.id)).toEqual(before);
  });
});

describe("while a league is suspended", () => {
  const at = (path: string) => `/l/${club.slug}${path}`;

  it("its cached pages are purged: a visitor's stored copy is not served after the suspension", async () => {
    const path = at(`/standings?v=${uniq()}`);
    expect((await page(path)).cache).toBe("miss");
    expect(await page(path)).toMatchObject({ status: 200, cache: "hit" });
    await expectStatus(await patch(club.id, { suspended: true }, op), 200);
    const after = await page(path);
    expect(after.status).toBe(403);
    expect(after.cache).not.toBe("hit");
    expect(after.body).toContain(SUSPENDED);
  });

  it("a visitor, a player, an admin and a director get 403 on its pages, its /api, its webhook and its writes", async () => {
    const coursesBefore = await clubCourses();
    for (const who of [undefined, people.player, people.admin, people.director, people.stranger]) {
      const home = await page(at("/"), who);
      expect(home.status).toBe(403);
      // A small page of its own, in the app's frame: not a blank body.
      expect(home.body).toContain(SUSPENDED);
      expect(home.body).toContain("<main");
      expect(home.body).toContain("League suspended");
      expect((await page(at(`/rounds.data`), who)).status).toBe(403);
      await expectError(await send("GET", at("/api/rounds/thisYear"), { token: who }), 403, SUSPENDED);
      await expectError(await send("GET", at("/api/admin/audit"), { token: who }), 403, SUSPENDED);
      await expectError(await send("POST", at("/api/admin/courses"), { token: who, body: { name: `C ${uniq()}` } }), 403, SUSPENDED);
    }
    await expectError(
      await send("POST", at("/api/paypal/webhook"), { body: { id: "WH-1", event_type: "PAYMENT.CAPTURE.COMPLETED" } }),
      403,
      SUSPENDED,
    );
    expect(await clubCourses()).toEqual(coursesBefore);
  });

  it("its owner and the operator see its pages with the banner and its /api reads, but every write is refused", async () => {
    const coursesBefore = await clubCourses();
    for (const who of [people.owner, op]) {
      const home = await page(at("/"), who);
      expect(home.status, home.body.slice(0, 300)).toBe(200);
      expect(home.body).toContain(SUSPENSION_MESSAGES.banner);
      expect((await page(at("/admin/courses"), who)).status).toBe(200);
      await expectStatus(await send("GET", at("/api/rounds/thisYear"), { token: who }), 200);
      // The league's write guard: 403 in the same words, and nothing written.
      await expectError(await send("POST", at("/api/admin/courses"), { token: who, body: { name: `C ${uniq()}` } }), 403, SUSPENDED);
    }
    expect(await clubCourses()).toEqual(coursesBefore);
  });

  it("the deployment's pages and other leagues are untouched; the front door leaves it out", async () => {
    expect((await page("/standings")).status).toBe(200);
    expect((await page("/login")).status).toBe(200);
    const door = await page("/leagues");
    expect(door.status).toBe(200);
    expect(door.body).not.toContain("Suspense Club");
    expect((await listLeagues(testDb(), env)).map((l) => l.slug)).not.toContain(club.slug);
  });

  it("after unsuspending, all is as before: visitors read it, its owner writes", async () => {
    await expectStatus(await patch(club.id, { suspended: false }, op), 200);
    expect((await page(at("/"))).status).toBe(200);
    const home = await page(at("/"), people.owner);
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(SUSPENSION_MESSAGES.banner);
    await expectStatus(await send("GET", at("/api/rounds/thisYear"), { token: people.player }), 200);
    await expectStatus(await send("POST", at("/api/admin/courses"), { token: people.owner, body: { name: `C ${uniq()}` } }), 201);
    expect((await page("/leagues")).body).toContain("Suspense Club");
  });
});

describe("the default league suspended", () => {
  it("answers 403 at the root but to its owner and the operator, who lifts it from the root", async () => {
    await expectStatus(await patch(DEFAULT_LEAGUE_ID, { suspended: true }, op), 200);
    expect((await page("/standings")).status).toBe(403);
    await expectError(await send("GET", "/api/rounds/thisYear"), 403, SUSPENDED);
    expect((await page("/standings", people.rootOwner)).status).toBe(200);
    // Signing in is the account's: the login page still opens.
    expect((await page("/login")).status).toBe(200);
    // The operator's change is recorded in the suspended league's log and lifts it.
    const audits = (await leagueAudits(DEFAULT_LEAGUE_ID)).length;
    expect(await expectStatus(await patch(DEFAULT_LEAGUE_ID, { suspended: false }, op), 200)).toMatchObject({ suspended: false });
    expect(await leagueAudits(DEFAULT_LEAGUE_ID)).toHaveLength(audits + 1);
    expect((await page("/standings")).status).toBe(200);
    expect((await send("GET", "/api/rounds/thisYear")).status).toBe(200);
  });
});

describe("/operator", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (fields: Record<string, string>, token?: string, origin?: string) => sendForm("/operator", form(fields), token, origin);

  it("lists every league with its owner and where it stands, to the operator", async () => {
    const res = await page("/operator", op);
    expect(res.status).toBe(200);
    expect(res.body).toContain("Suspense Club");
    expect(res.body).toContain(`/l/${club.slug}`);
    expect(res.body).toContain("Active");
  });

  it("suspends with the dialog's post, unsuspends, hides and shows; a bad post is a 400 that changes nothing", async () => {
    expect((await post({ intent: "suspend", leagueId: String(club.id) }, op)).status).toBe(200);
    expect((await leagueRow(club.id)).suspendedAt).toEqual(expect.any(Number));
    expect((await page(`/l/${club.slug}/`)).status).toBe(403);
    expect((await page("/operator", op)).body).toContain("Suspended");
    expect((await post({ intent: "unsuspend", leagueId: String(club.id) }, op)).status).toBe(200);
    expect((await leagueRow(club.id)).suspendedAt).toBeNull();
    expect((await page(`/l/${club.slug}/`)).status).toBe(200);
    expect((await post({ intent: "hide", leagueId: String(club.id) }, op)).status).toBe(200);
    expect((await leagueRow(club.id)).hiddenByOperator).toBe(true);
    expect((await post({ intent: "show", leagueId: String(club.id) }, op)).status).toBe(200);
    expect((await leagueRow(club.id)).hiddenByOperator).toBe(false);

    const before = await leagueRow(club.id);
    const bads: Record<string, string>[] = [
      { intent: "delete", leagueId: String(club.id) },
      { intent: "suspend", leagueId: "x" },
      { intent: "suspend" },
      {},
    ];
    for (const bad of bads) expect((await post(bad, op)).status).toBe(400);
    expect((await post({ intent: "suspend", leagueId: "999999" }, op)).status).toBe(404);
    expect(await leagueRow(club.id)).toEqual(before);
  });

  it("is the operator's alone: others are sent away or refused, and a foreign Origin is refused", async () => {
    const before = await leagueRow(club.id);
    expect((await page("/operator")).status).toBe(302);
    expect((await page("/operator", people.stranger)).status).toBe(302);
    // The default league's owner holds a role at the root, not the operator's flag.
    expect((await page("/operator", people.rootOwner)).status).toBe(403);
    const suspend = { intent: "suspend", leagueId: String(club.id) };
    expect((await post(suspend)).status).toBe(302);
    expect((await post(suspend, people.owner)).status).toBe(302);
    expect((await post(suspend, people.rootOwner)).status).toBe(403);
    expect((await post(suspend, op, "https://evil.example")).status).toBe(403);
    expect(await leagueRow(club.id)).toEqual(before);
  });
});

async function sendForm(path: string, body: string, token?: string, origin?: string) {
  const headers = new Headers({
    "CF-Connecting-IP": uniqueIp(),
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: origin ?? APP_ORIGIN,
  });
  if (token) headers.set("Cookie", `${SESSION_COOKIE}=${token}`);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${APP_ORIGIN}${path}`, { method: "POST", headers, body, redirect: "manual" }),
    cachedEnv,
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}
