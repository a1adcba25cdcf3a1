import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, makeRound, nowSec, testDb } from "../fixtures";
import { auditLog } from "~/.server/db/schema";
import { argsFor, outcome } from "../route-fixtures";
import { claims } from "~/.server/db/schema";
import * as auditPage from "~/routes/admin-audit";
import * as userPage from "~/routes/admin-user";
import * as playerPage from "~/routes/player";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

// GET /api/admin/audit (ADR 20): the log in words for an admin, its filters checked by zod,
// and nothing else: no method on the log's paths changes a row.

type Page = { page: number; pageSize: number; hasMore: boolean; entries: { what: string; changes: unknown[]; actor: { name: string } }[] };

async function adminWithTransfer() {
  const admin = await makeUser({ isAdmin: true });
  const token = await tokenFor(admin);
  const [a, b] = await Promise.all([makePlayer(), makePlayer()]);
  const body = { values: { d: nowSec(), fromPlayer: null, toPlayer: a.id, amt: "7.25", description: "Cash" } };
  await expectStatus(await call("POST", "/api/transfers/add", { token, body }), 201);
  return { admin, token, a, b };
}

describe("GET /api/admin/audit", () => {
  it("answers an admin with the changes in words, filtered by player, and by actor", async () => {
    const { admin, token, a, b } = await adminWithTransfer();
    const res = await expectStatus<Page>(await call("GET", `/api/admin/audit?player=${a.id}`, { token }), 200);
    expect(res).toMatchObject({ page: 1, pageSize: 50, hasMore: false });
    expect(res.entries).toEqual([
      expect.objectContaining({
        what: `Transfer · league → ${a.firstName} ${a.lastName}`,
        action: "Added",
        actor: { userId: admin.id, name: admin.name, role: "admin" },
        changes: expect.arrayContaining([{ field: "amount", before: null, after: "$7.25" }]),
      }),
    ]);
    const mine = await expectStatus<Page>(await call("GET", `/api/admin/audit?actor=${admin.id}&page=1`, { token }), 200);
    expect(mine.entries.map((e) => e.what)).toEqual([`Transfer · league → ${a.firstName} ${a.lastName}`]);
    const none = await expectStatus<Page>(await call("GET", `/api/admin/audit?player=${b.id}&round=&actor=`, { token }), 200);
    expect(none.entries).toEqual([]);
    const round = await makeRound();
    expect((await expectStatus<Page>(await call("GET", `/api/admin/audit?round=${round.id}`, { token }), 200)).entries).toEqual([]);
  });

  it("refuses bad filters with 400 and a message", async () => {
    const token = await tokenFor(await makeUser({ isAdmin: true }));
    for (const [query, message] of [
      ["player=abc", "Invalid player id"],
      ["player=0", "Invalid player id"],
      ["round=-1", "Invalid round id"],
      ["actor=1.5", "Invalid user id"],
      ["page=0", "Page must be a whole number from 1 to 999999"],
      ["page=1e3", "Page must be a whole number from 1 to 999999"],
      ["page=1000000", "Page must be a whole number from 1 to 999999"],
      ["player=1&player=2", undefined],
    ] as const) {
      await expectError(await call("GET", `/api/admin/audit?${query}`, { token }), 400, message);
    }
  });

  it("needs an admin: 401 without a session, 403 for a player", async () => {
    await expectError(await call("GET", "/api/admin/audit"), 401);
    await expectError(await call("GET", "/api/admin/audit", { token: await tokenFor(await makeUser()) }), 403, "Not an admin");
  });
});

describe("no route edits or deletes an audit row", () => {
  it("every method but GET on /api/admin/audit is refused, and the log is unchanged", async () => {
    const { token } = await adminWithTransfer();
    const before = await testDb().select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    const id = before[0]!.id;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/admin/audit", `/api/admin/audit/${id}`, `/api/admin/audit?player=1`]) {
        const res = await call(method, path, { token, body: { id, before: null, after: null } });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
      }
    }
    expect(await testDb().select().from(auditLog)).toEqual(before);
  });

  it("the /admin/audit page has a loader and no action: the router refuses a post (405)", () => {
    expect(typeof auditPage.loader).toBe("function");
    expect("action" in auditPage).toBe(false);
  });
});

describe("the pages that show the log", () => {
  it.each([
    ["nobody", "/login"],
    ["player", "/"],
  ] as const)("/admin/audit sends %s to %s", async (who, to) => {
    expect(await outcome(auditPage.loader(await argsFor(who, "/admin/audit")))).toMatchObject({ status: 302, location: to });
  });

  it("/admin/audit: the filtered log with its choices, a typed name that finds one player goes to its filter, a bad one is 400", async () => {
    const { admin, a } = await adminWithTransfer();
    const { data } = await outcome(auditPage.loader(await argsFor("admin", `/admin/audit?player=${a.id}&actor=${admin.id}`)));
    expect(data.log.entries.map((e: { what: string }) => e.what)).toEqual([`Transfer · league → ${a.firstName} ${a.lastName}`]);
    expect(data.choices.player).toEqual({ id: a.id, label: `${a.firstName} ${a.lastName}` });
    expect(data.choices.actors).toContainEqual({ id: admin.id, label: admin.name });
    const found = await outcome(
      auditPage.loader(await argsFor("admin", `/admin/audit?actor=${admin.id}&find=${encodeURIComponent(a.lastName)}`)),
    );
    expect(found).toMatchObject({ status: 302, location: `/admin/audit?player=${a.id}&actor=${admin.id}` });
    const short = await outcome(auditPage.loader(await argsFor("admin", "/admin/audit?find=ab")));
    expect(short.data.find).toMatchObject({ tooShort: true, matches: [] });
    expect(await outcome(auditPage.loader(await argsFor("admin", "/admin/audit?round=x")))).toMatchObject({ status: 400 });
  });

  it("a user's page shows their player's money history and the changes they made; a player's page shows it to admins only", async () => {
    const { admin, a } = await adminWithTransfer();
    const user = await makeUser();
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: a.id, status: "approved" });
    const ofUser = await outcome(userPage.loader(await argsFor("admin", `/admin/user/${user.id}`, undefined, { userId: String(user.id) })));
    expect(ofUser.data.playerHistory.entries.map((e: { what: string }) => e.what)).toEqual([
      `Transfer · league → ${a.firstName} ${a.lastName}`,
    ]);
    expect(ofUser.data.made.entries).toEqual([]);
    const ofAdmin = await outcome(
      userPage.loader(await argsFor("admin", `/admin/user/${admin.id}`, undefined, { userId: String(admin.id) })),
    );
    expect(ofAdmin.data.playerHistory).toBeNull();
    expect(ofAdmin.data.made.entries).toHaveLength(1);

    const params = { playerId: String(a.id) };
    const asAdmin = await outcome(playerPage.loader(await argsFor("admin", `/players/${a.id}`, undefined, params)));
    expect(asAdmin.data.moneyHistory.entries).toHaveLength(1);
    for (const who of ["player", "nobody"] as const) {
      expect((await outcome(playerPage.loader(await argsFor(who, `/players/${a.id}`, undefined, params)))).data.moneyHistory).toBeNull();
    }
  });
});
