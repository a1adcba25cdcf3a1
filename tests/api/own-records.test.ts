// The own-record limits at the /api edge (ADR 23), and the admin's view and removal of the
// records a user added: GET /api/admin/users/{id}/players, DELETE …/players/{playerId},
// and the Remove button of /admin/user/{id} (its action).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeAdmin, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { makePlayer, testDb, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { claims, players } from "~/.server/db/schema";
import { MAX_UNAPPROVED_OWN_RECORDS, OWN_RECORD_MESSAGES } from "~/.server/services/players/own-records";
import * as adminUserPage from "~/routes/admin-user";

const values = () => ({ fn: `Api${uniq()}`, ln: "Own", pdga: "", division: "MA2" });

async function addAndWithdraw(token: string, ip = uniqueIp()) {
  const added = await expectStatus(await call("POST", "/api/players/addNew", { token, ip, body: { values: values() } }), 201);
  await expectStatus(await call("PUT", `/api/claims/${added.claim.id}/unclaim`, { token }), 200);
  return added.newId as number;
}

describe("POST /api/players/addNew limits", () => {
  it(`refuses the ${MAX_UNAPPROVED_OWN_RECORDS + 1}th unapproved record with 409 and its reason`, async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    for (let i = 0; i < MAX_UNAPPROVED_OWN_RECORDS; i++) await addAndWithdraw(token);
    const res = await call("POST", "/api/players/addNew", { token, body: { values: values() } });
    await expectError(res, 409, OWN_RECORD_MESSAGES.user);
  });

  it("answers 429 past 10 records a day from one client, with its reason", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) await addAndWithdraw(await tokenFor(await makeUser()), ip);
    const res = await call("POST", "/api/players/addNew", { token: await tokenFor(await makeUser()), ip, body: { values: values() } });
    await expectError(res, 429, OWN_RECORD_MESSAGES.client);
  });
});

describe("an admin and the records a user added", () => {
  it("lists them and removes one; a record with a claim another user holds approved is not listed", async () => {
    const [user, admin] = await Promise.all([makeUser(), makeAdmin()]);
    const [token, adminToken] = await Promise.all([tokenFor(user), tokenFor(admin)]);
    const first = await addAndWithdraw(token);
    const second = await addAndWithdraw(token);
    const list = await expectStatus(await call("GET", `/api/admin/users/${user.id}/players`, { token: adminToken }), 200);
    expect(list.map((r: { id: number; claimStatus: string }) => [r.id, r.claimStatus])).toEqual([
      [second, "withdrawn"],
      [first, "withdrawn"],
    ]);
    await expectStatus(await call("DELETE", `/api/admin/users/${user.id}/players/${first}`, { token: adminToken }), 200);
    expect(await testDb().select().from(players).where(eq(players.id, first))).toEqual([]);
    const after = await expectStatus(await call("GET", `/api/admin/users/${user.id}/players`, { token: adminToken }), 200);
    expect(after.map((r: { id: number }) => r.id)).toEqual([second]);
    // Not this user's record, and a user who does not exist: 404, nothing removed.
    const other = await makePlayer();
    await expectError(await call("DELETE", `/api/admin/users/${user.id}/players/${other.id}`, { token: adminToken }), 404);
    await expectError(await call("GET", "/api/admin/users/2147483647/players", { token: adminToken }), 404);
    expect(await testDb().select().from(players).where(eq(players.id, other.id))).toHaveLength(1);
  });

  it("/admin/user/{id}: the page lists the records and its Remove deletes one", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const added = await expectStatus(await call("POST", "/api/players/addNew", { token, body: { values: values() } }), 201);
    const params = { userId: String(user.id) };
    const page = await outcome(adminUserPage.loader(await argsFor("admin", `/admin/user/${user.id}`, undefined, params)));
    expect(page.data.records).toMatchObject([{ id: added.newId, claimStatus: "pending", history: 0 }]);
    const form = { intent: "removePlayer", playerId: String(added.newId) };
    const removed = await outcome(adminUserPage.action(await argsFor("admin", `/admin/user/${user.id}`, form, params)));
    expect(removed.data).toMatchObject({ success: expect.stringContaining("Removed the player record") });
    expect(await testDb().select().from(players).where(eq(players.id, added.newId))).toEqual([]);
    expect(await testDb().select().from(claims).where(eq(claims.userId, user.id))).toEqual([]);
  });
});
