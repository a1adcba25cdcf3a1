import { exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { forgetLeagues } from "../../workers/league-directory";
import { APP_ORIGIN, call, expectError, expectStatus, makeAdmin, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { nowSec, testDb, uniq } from "../fixtures";
import { auditLog, leagues, memberships } from "~/.server/db/schema";
import { LEAGUE_START_MESSAGES, MOST_LEAGUES_STARTED } from "~/.server/services/accounts/league-create";
import { LEAGUE_CREATE_MESSAGES } from "~/.server/services/accounts/league-create-sql";
import { SLUG_RULE } from "~/schemas/leagues";

// A signed-in user starts a league and owns it (POST /api/leagues, ADR 46, 47): the address
// checked as the path checks it, the limits a day and in all, and the league usable at once.

afterAll(() => forgetLeagues());

const slugOf = () => `start-${uniq().toLowerCase()}`;
const body = (slug = slugOf(), extra: Record<string, unknown> = {}) => ({
  name: "Wednesday Doubles",
  slug,
  time_zone: "America/Denver",
  ...extra,
});
const start = (token: string | undefined, b: unknown, ip?: string) => call("POST", "/api/leagues", { token, body: b, ip });
const leagueRow = async (slug: string) => (await testDb().select().from(leagues).where(eq(leagues.slug, slug)))[0];
const leagueCount = async () => (await testDb().select({ id: leagues.id }).from(leagues)).length;

/** `n` leagues already started by `userId`, written straight in (no limit counted). */
async function startedBefore(userId: number, n: number) {
  for (let i = 0; i < n; i += 5) {
    await testDb()
      .insert(leagues)
      .values(
        Array.from({ length: Math.min(5, n - i) }, () => ({ slug: slugOf(), name: "Old", timeZone: "America/Chicago", createdBy: userId })),
      );
  }
}

describe("POST /api/leagues", () => {
  it("makes the league with the caller as its owner and created_by, a join code and a town; answers 201", async () => {
    const user = await makeUser();
    const slug = slugOf();
    const res = await expectStatus<{ id: number; slug: string; name: string }>(
      await start(await tokenFor(user), body(slug.toUpperCase(), { town: "  Springfield, IL " })),
      201,
    );
    expect(res).toEqual({ id: expect.any(Number), slug, name: "Wednesday Doubles" });
    const row = await leagueRow(slug);
    expect(row).toMatchObject({ id: res.id, createdBy: user.id, town: "Springfield, IL", timeZone: "America/Denver", status: "active" });
    expect(row?.isDefault).toBe(false);
    expect(row?.joinCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const roles = await testDb().select().from(memberships).where(eq(memberships.leagueId, res.id));
    expect(roles).toEqual([expect.objectContaining({ userId: user.id, role: "owner", grantedBy: user.id })]);
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, res.id), eq(auditLog.tableName, "memberships")));
    expect(audit).toMatchObject({ actorUserId: user.id, rowId: user.id, action: "insert" });
    // Its pages answer at once, under its address.
    expect((await call("GET", `/l/${slug}/api/rounds/thisYear`)).status).toBe(200);
  });

  it("refuses a taken address (in any case), a reserved word and every bad pattern, each with its reason, writing nothing", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const taken = slugOf();
    await expectStatus(await start(token, body(taken)), 201);
    const before = await leagueCount();
    await expectError(await start(await tokenFor(await makeUser()), body(taken.toUpperCase())), 409, LEAGUE_CREATE_MESSAGES.addressTaken);
    await expectError(await start(await tokenFor(await makeUser()), body("league")), 409, LEAGUE_CREATE_MESSAGES.addressTaken);
    const bad = [
      "new",
      "admin",
      "api",
      "l",
      "leagues",
      "login",
      "a",
      "-ab",
      "ab-",
      "a_b",
      "a--b",
      "%2e%2e",
      "..",
      "x".repeat(41),
      "with space",
    ];
    for (const slug of bad) await expectError(await start(token, body(slug)), 400, SLUG_RULE);
    await expectError(await start(token, body(slugOf(), { time_zone: "Mars/Olympus" })), 400);
    await expectError(await start(token, { slug: slugOf(), time_zone: "America/Chicago" }), 400);
    await expectError(await start(token, body(slugOf(), { town: "t".repeat(81) })), 400);
    await expectError(await start(token, "{not json"), 400);
    expect(await leagueCount()).toBe(before);
  });

  it("a slug asked in capitals answers 301 to the lower-case one (/l/MyLeague → /l/myleague)", async () => {
    await expectStatus(await start(await tokenFor(await makeUser()), body("MyLeague")), 201);
    expect(await leagueRow("myleague")).toBeTruthy();
    // Not followed: the answer itself.
    const res = await exports.default.fetch(new Request("http://localhost/l/MyLeague/api/rounds/thisYear", { redirect: "manual" }));
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/l/myleague/api/rounds/thisYear");
  });

  it("logged out is 401, a foreign Origin on a cookie is 403, a huge body 413: none writes", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const before = await leagueCount();
    await expectError(await start(undefined, body()), 401);
    const foreign = await call("POST", "/api/leagues", { cookie: token, origin: "https://evil.example", body: body() });
    expect(foreign.status).toBe(403);
    await expectError(await start(token, body(slugOf(), { name: "x".repeat(70 * 1024) })), 413);
    expect(await leagueCount()).toBe(before);
    // The app's own Origin on a cookie passes.
    await expectStatus(await call("POST", "/api/leagues", { cookie: token, origin: APP_ORIGIN, body: body() }), 201);
  });

  it("3 a day per user: the 4th is 429; a refused address gives its count back", async () => {
    const token = await tokenFor(await makeUser());
    await expectError(await start(token, body("league")), 409);
    for (let i = 0; i < 3; i++) await expectStatus(await start(token, body()), 201);
    const before = await leagueCount();
    await expectError(await start(token, body()), 429, LEAGUE_START_MESSAGES.perDay);
    expect(await leagueCount()).toBe(before);
  });

  it("10 a day from one client address, whoever is signed in: the 11th is 429", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) await expectStatus(await start(await tokenFor(await makeUser()), body(), ip), 201);
    const before = await leagueCount();
    await expectError(await start(await tokenFor(await makeUser()), body(), ip), 429, LEAGUE_START_MESSAGES.perClient);
    expect(await leagueCount()).toBe(before);
  });

  it(`${MOST_LEAGUES_STARTED} in all per user: the 21st is 409, and 20 at once near the limit make exactly what is left`, async () => {
    const full = await makeUser();
    await startedBefore(full.id, MOST_LEAGUES_STARTED);
    await expectError(await start(await tokenFor(full), body()), 409, LEAGUE_START_MESSAGES.inAll);

    const near = await makeUser();
    await startedBefore(near.id, MOST_LEAGUES_STARTED - 2);
    const token = await tokenFor(near);
    const results = await Promise.all(Array.from({ length: 20 }, () => start(token, body())));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    const mine = await testDb().select({ id: leagues.id }).from(leagues).where(eq(leagues.createdBy, near.id));
    expect(mine).toHaveLength(MOST_LEAGUES_STARTED);
    // No role was left in a league that was not made.
    const owned = await testDb()
      .select({ id: memberships.leagueId })
      .from(memberships)
      .where(and(eq(memberships.userId, near.id), eq(memberships.role, "owner")));
    expect(owned).toHaveLength(2);
  });

  it("the operator is not limited", async () => {
    const operator = await makeAdmin();
    await startedBefore(operator.id, MOST_LEAGUES_STARTED);
    const token = await tokenFor(operator);
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) await expectStatus(await start(token, body(), ip), 201);
  });
});

describe("a league just started is usable through its admin /api", () => {
  it("settings, a course with its layout, a player, a round opened for registration and an entry", async () => {
    const owner = await makeUser();
    const token = await tokenFor(owner);
    const slug = slugOf();
    await expectStatus(await start(token, body(slug)), 201);
    const api = (path: string) => `/l/${slug}/api${path}`;
    const settings = await expectStatus<Record<string, unknown>>(await call("GET", api("/admin/settings"), { token }), 200);
    await expectStatus(await call("PUT", api("/admin/settings"), { token, body: { ...settings, divisions: ["MA1", "MA3"] } }), 200);
    const course = await expectStatus<{ id: number; layouts: { id: number; hole_count: number; par: number }[] }>(
      await call("POST", api("/admin/courses"), { token, body: { name: "Hilltop", place: "Springfield", hole_count: 18 } }),
      201,
    );
    expect(course.layouts).toEqual([expect.objectContaining({ name: "Main", hole_count: 18, par: 54 })]);
    const player = await expectStatus<{ id: number }>(
      await call("POST", api("/admin/player"), { token, body: { values: { fn: "Ann", ln: "Lee", division: "MA1" } } }),
      201,
    );
    const round = await expectStatus<{ id: number }>(
      await call("POST", api("/admin/round/"), {
        token,
        body: {
          d: nowSec() + 7 * 86_400,
          n: "Week 1",
          loc: "",
          layout_id: course.layouts[0]?.id,
          fee_pdga: 0,
          fee_course: 1,
          fee_other: 0,
          ace: 1,
          payout: 4,
          pdga_url: "",
        },
      }),
      201,
    );
    await expectStatus(
      await call("POST", api("/admin/round/openForRegistration"), { token, body: { id: round.id, openForRegistration: true } }),
      200,
    );
    await expectStatus(
      await call("POST", api("/admin/entry/add"), {
        token,
        body: {
          values: { round_id: round.id, player: player.id, division: "MA1", ace: false, credit_added: 0, credit_used: 0, payoutAdjust: 0 },
        },
      }),
      201,
    );
    const listed = await call("GET", api("/rounds/thisYear"));
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { id: number }[]).map((r) => r.id)).toContain(round.id);
  });
});
