import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { forgetLeagues } from "../../workers/league-directory";
import { call, expectError, expectStatus, makeAdmin, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { testDb, uniq } from "../fixtures";
import { auditLog, leagues, memberships } from "~/.server/db/schema";
import { LEAGUE_CREATE_MESSAGES } from "~/.server/services/accounts/league-create-sql";
import { SLUG_RULE } from "~/schemas/leagues";

// The operator makes a league with its owner (ADR 46): POST /api/admin/leagues, the call
// behind `npm run league:create`. Nobody else may, and a bad address changes nothing.

const made: number[] = [];
afterAll(async () => {
  if (made.length > 0) {
    await testDb().delete(memberships).where(inArray(memberships.leagueId, made));
    forgetLeagues();
  }
});

const newLeague = (owner: string, slug = `club-${uniq().toLowerCase()}`) => ({
  name: "Tuesday Glow",
  slug,
  time_zone: "America/Denver",
  owner_email: owner,
});
const leagueCount = async () => (await testDb().select({ id: leagues.id }).from(leagues)).length;

describe("POST /api/admin/leagues", () => {
  it("the operator makes a league with its owner; its pages answer at once under its address, named as given", async () => {
    const [operator, owner] = [await makeAdmin(), await makeUser()];
    const body = newLeague(owner.email, "Tuesday-Glow");
    const res = await expectStatus<{ id: number; slug: string; name: string }>(
      await call("POST", "/api/admin/leagues", { token: await tokenFor(operator), body }),
      201,
    );
    made.push(res.id);
    expect(res).toMatchObject({ slug: "tuesday-glow", name: "Tuesday Glow", time_zone: "America/Denver" });
    const [role] = await testDb().select().from(memberships).where(eq(memberships.leagueId, res.id));
    expect(role).toMatchObject({ userId: owner.id, role: "owner", grantedBy: operator.id });
    // The owner's role is in the new league's own log, with who made it.
    const [audit] = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, res.id), eq(auditLog.tableName, "memberships")));
    expect(audit).toMatchObject({ actorUserId: operator.id, rowId: owner.id, action: "insert" });
    const page = await call("GET", "/l/tuesday-glow/api/rounds/thisYear");
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual([]);
  });

  it("refuses everyone but the operator, the league's own owner included, and writes nothing", async () => {
    const owner = await makeMember("owner");
    const target = await makeUser();
    const before = await leagueCount();
    for (const token of [await tokenFor(owner), await tokenFor(await makeMember("admin")), await tokenFor(await makeUser())]) {
      await expectError(await call("POST", "/api/admin/leagues", { token, body: newLeague(target.email) }), 403);
    }
    await expectError(await call("POST", "/api/admin/leagues", { body: newLeague(target.email) }), 401);
    expect(await leagueCount()).toBe(before);
  });

  it("refuses a bad address, a taken one, a missing owner and a bad zone, each with its reason", async () => {
    const token = await tokenFor(await makeAdmin());
    const owner = await makeUser();
    const before = await leagueCount();
    for (const slug of ["admin", "leagues", "l", "..", "%2e%2e", "ab", "a--b", "-ab", "x".repeat(41), "with space", "league"]) {
      const res = await call("POST", "/api/admin/leagues", { token, body: newLeague(owner.email, slug) });
      // "league" is the default league's: taken.
      if (slug === "league") await expectError(res, 409, LEAGUE_CREATE_MESSAGES.taken("league"));
      else await expectError(res, 400, SLUG_RULE);
    }
    await expectError(
      await call("POST", "/api/admin/leagues", { token, body: newLeague("nobody-here@example.org") }),
      404,
      LEAGUE_CREATE_MESSAGES.noOwner,
    );
    await expectError(
      await call("POST", "/api/admin/leagues", { token, body: { ...newLeague(owner.email), time_zone: "Mars/Olympus" } }),
      400,
    );
    await expectError(await call("POST", "/api/admin/leagues", { token, body: "{not json" }), 400);
    expect(await leagueCount()).toBe(before);
  });

  it("twenty makes of one address at once make one league with one owner", async () => {
    const token = await tokenFor(await makeAdmin());
    const owner = await makeUser();
    const body = newLeague(owner.email);
    const results = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/admin/leagues", { token, body })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const rows = await testDb().select().from(leagues).where(eq(leagues.slug, body.slug));
    expect(rows).toHaveLength(1);
    made.push(rows[0].id);
    expect(await testDb().select().from(memberships).where(eq(memberships.leagueId, rows[0].id))).toHaveLength(1);
  });
});
