// The league's roles (ADR 47) under hostile use: who may change them, what a change leaves in
// the audit log, the owner who would leave the league ownerless, a grant to nobody, a token
// whose role claim says more than the rows, and twenty identical grants at once.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeAdmin, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { makeRound, testDb } from "../fixtures";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import { DEFAULT_LEAGUE_ID, auditLog, memberships, users } from "~/.server/db/schema";
import { ROLE_MESSAGES } from "~/.server/services/accounts/memberships";
import * as usersPage from "~/routes/admin-users";
import * as userPage from "~/routes/admin-user";

const NOT_AN_ADMIN = "Not an admin";
const NOT_YOUR_ROLE = "Your role in this league does not allow this.";

const roleOf = async (userId: number) =>
  (
    await testDb()
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.leagueId, DEFAULT_LEAGUE_ID), eq(memberships.userId, userId)))
  )[0]?.role ?? null;

const roleRows = async (userId: number) =>
  testDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tableName, "memberships"), eq(auditLog.rowId, userId)));

const staffToken = (u: { id: number; sessionVersion: number }) => tokenFor(u, { role: "admin" });
const put = (userId: number, token: string, role: string) => call("PUT", `/api/admin/memberships/${userId}`, { token, body: { role } });

describe("granting, revoking and passing on roles", () => {
  it("the owner grants, changes and revokes (the member stays a player); each change one audit row naming who did what", async () => {
    const [owner, member] = await Promise.all([makeMember("owner"), makeUser()]);
    const token = await staffToken(owner);
    expect(await expectStatus(await put(member.id, token, "director"), 200)).toEqual({ success: true, changed: true, role: "director" });
    expect(await roleOf(member.id)).toBe("director");
    await expectStatus(await put(member.id, token, "admin"), 200);
    await expectStatus(await call("DELETE", `/api/admin/memberships/${member.id}`, { token }), 200);
    // A staff role taken back leaves a player of the league, who runs nothing; only they leave it.
    expect(await roleOf(member.id)).toBe("player");
    await expectError(await call("DELETE", `/api/admin/memberships/${member.id}`, { token }), 404, ROLE_MESSAGES.notMember);
    const rows = await roleRows(member.id);
    expect(rows.map((r) => [r.action, r.actorUserId, r.actorName, r.before, r.after])).toEqual([
      ["insert", owner.id, owner.name, null, JSON.stringify({ member: member.name, role: "director" })],
      [
        "update",
        owner.id,
        owner.name,
        JSON.stringify({ member: member.name, role: "director" }),
        JSON.stringify({ member: member.name, role: "admin" }),
      ],
      [
        "update",
        owner.id,
        owner.name,
        JSON.stringify({ member: member.name, role: "admin" }),
        JSON.stringify({ member: member.name, role: "player" }),
      ],
    ]);
    // And the log shows them in words.
    const log = await expectStatus<{ entries: { what: string; action: string; actor: { name: string }; changes: unknown[] }[] }>(
      await call("GET", "/api/admin/audit", { token }),
      200,
    );
    expect(log.entries.slice(0, 3).map((e) => [e.what, e.action, e.actor.name, e.changes])).toEqual([
      [`Role · ${member.name}`, "Changed", owner.name, [{ field: "role", before: "admin", after: "player" }]],
      [`Role · ${member.name}`, "Changed", owner.name, [{ field: "role", before: "director", after: "admin" }]],
      [`Role · ${member.name}`, "Added", owner.name, [{ field: "role", before: null, after: "director" }]],
    ]);
  });

  it("twenty identical grants at once leave one row and one audit row", async () => {
    const [owner, member] = await Promise.all([makeMember("owner"), makeUser()]);
    const token = await staffToken(owner);
    const answers = await Promise.all(Array.from({ length: 20 }, () => put(member.id, token, "director")));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await testDb().select().from(memberships).where(eq(memberships.userId, member.id));
    expect(rows.map((r) => r.role)).toEqual(["director"]);
    expect(await roleRows(member.id)).toHaveLength(1);
  });

  it("refuses to leave the league without an owner, and says why", async () => {
    const owner = await makeMember("owner");
    const token = await staffToken(owner);
    await expectError(await call("DELETE", `/api/admin/memberships/${owner.id}`, { token }), 409, ROLE_MESSAGES.ownerStays);
    await expectError(await put(owner.id, token, "admin"), 409, ROLE_MESSAGES.ownerStays);
    await expectError(await put(owner.id, token, "owner"), 400);
    await expectError(
      await call("POST", "/api/admin/memberships/transfer", { token, body: { user_id: owner.id } }),
      409,
      ROLE_MESSAGES.alreadyOwner,
    );
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await roleRows(owner.id)).toEqual([]);
  });

  it("404 for a role granted to, or taken from, a user who does not exist or holds none", async () => {
    const token = await staffToken(await makeMember("owner"));
    await expectError(await put(987_654_321, token, "director"), 404, ROLE_MESSAGES.noUser);
    await expectError(await call("POST", "/api/admin/memberships/transfer", { token, body: { user_id: 987_654_321 } }), 404);
    await expectError(await call("DELETE", `/api/admin/memberships/${(await makeUser()).id}`, { token }), 404, ROLE_MESSAGES.notMember);
    await expectError(await put(1, token, "captain"), 400);
  });

  it("a transfer makes the new owner and keeps the old one as an admin, in one go", async () => {
    const [owner, next] = await Promise.all([makeMember("owner"), makeMember("director")]);
    const token = await staffToken(owner);
    const answer = await expectStatus(await call("POST", "/api/admin/memberships/transfer", { token, body: { user_id: next.id } }), 200);
    expect(answer.message).toBe(`${next.name} now owns the league.`);
    expect([await roleOf(owner.id), await roleOf(next.id)]).toEqual(["admin", "owner"]);
    // The old owner is an admin now: the roles are no longer theirs to change.
    await expectError(await put(next.id, token, "director"), 403, NOT_YOUR_ROLE);
  });
});

describe("the admin login", () => {
  it("lets in a league's staff and the operator, each with the 72 h session; a player gets the one refusal", async () => {
    const [director, owner, operator, player] = await Promise.all([makeMember("director"), makeMember("owner"), makeAdmin(), makeUser()]);
    for (const who of [director, owner, operator]) {
      const res = await call("POST", "/api/admin/login", { body: { username: who.email, password: who.password } });
      const body = await expectStatus<{ token: string }>(res, 200);
      const [, payload] = body.token.split(".");
      const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
      expect([claims.role, claims.exp - claims.iat]).toEqual(["admin", 72 * 3600]);
    }
    await expectError(
      await call("POST", "/api/admin/login", { body: { username: player.email, password: player.password } }),
      401,
      "Login failed. Please try again.",
    );
  });
});

describe("who may not", () => {
  it("a director: no admin's call, no owner's; an admin: no owner's, no account's", async () => {
    const [director, admin, target] = await Promise.all([makeMember("director"), makeMember("admin"), makeUser()]);
    const [asDirector, asAdmin] = await Promise.all([staffToken(director), staffToken(admin)]);
    await expectError(await call("GET", "/api/admin/settings", { token: asDirector }), 403, NOT_YOUR_ROLE);
    await expectError(await call("GET", "/api/admin/memberships", { token: asDirector }), 403, NOT_YOUR_ROLE);
    await expectError(await put(target.id, asDirector, "director"), 403, NOT_YOUR_ROLE);
    await expectError(await put(director.id, asDirector, "admin"), 403, NOT_YOUR_ROLE);
    await expectError(await put(target.id, asAdmin, "director"), 403, NOT_YOUR_ROLE);
    await expectError(await put(admin.id, asAdmin, "admin"), 403, NOT_YOUR_ROLE);
    await expectError(
      await call("POST", "/api/admin/memberships/transfer", { token: asAdmin, body: { user_id: admin.id } }),
      403,
      NOT_YOUR_ROLE,
    );
    for (const path of [`/users/${target.id}/lock`, `/users/${target.id}/unlock`, `/users/${target.id}/reset-password`]) {
      await expectError(await call("POST", `/api/admin${path}`, { token: asAdmin }), 403, NOT_YOUR_ROLE);
    }
    await expectError(await call("DELETE", `/api/admin/users/${target.id}`, { token: asAdmin }), 403, NOT_YOUR_ROLE);
    await expectStatus(await call("GET", "/api/admin/memberships", { token: asAdmin }), 200);
    const [row] = await testDb().select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ locked: false, passwordHash: target.passwordHash, sessionVersion: target.sessionVersion });
    expect([await roleOf(target.id), await roleOf(director.id), await roleOf(admin.id)]).toEqual([null, "director", "admin"]);
  });

  it("the owner who is not the operator acts on no account", async () => {
    const [owner, target] = await Promise.all([makeMember("owner"), makeUser()]);
    const token = await staffToken(owner);
    await expectError(await call("POST", `/api/admin/users/${target.id}/lock`, { token }), 403, NOT_YOUR_ROLE);
    await expectError(await call("GET", "/api/admin/users", { token }), 403, NOT_YOUR_ROLE);
    expect((await testDb().select().from(users).where(eq(users.id, target.id)))[0]?.locked).toBe(false);
  });

  it("a player and a visitor: every roles call refused, nothing changed", async () => {
    const [player, target] = await Promise.all([makeUser(), makeUser()]);
    const token = await tokenFor(player);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/memberships"],
      ["PUT", `/api/admin/memberships/${target.id}`, { role: "director" }],
      ["DELETE", `/api/admin/memberships/${target.id}`],
      ["POST", "/api/admin/memberships/transfer", { user_id: player.id }],
    ];
    for (const [method, path, body] of calls) {
      await expectError(await call(method, path, { body }), 401);
      await expectError(await call(method, path, { token, body }), 403, NOT_AN_ADMIN);
    }
    expect([await roleOf(player.id), await roleOf(target.id)]).toEqual([null, null]);
  });

  it("a token that claims the admin role for a user with no membership opens nothing", async () => {
    const user = await makeUser();
    const forged = await tokenFor(user, { role: "admin" });
    const round = await makeRound();
    await expectError(await call("GET", "/api/admin/memberships", { token: forged }), 403, NOT_AN_ADMIN);
    await expectError(await call("GET", `/api/admin/rounds/${round.id}/check-in`, { token: forged }), 403, NOT_AN_ADMIN);
    await expectError(await put(user.id, forged, "admin"), 403, NOT_AN_ADMIN);
    expect(await roleOf(user.id)).toBeNull();
    // Its pages are a player's: the admin pages send it home.
    const session = await sessionOf("player");
    const page = await outcome(usersPage.loader(argsWith(session, new Request("http://localhost/admin/users"))));
    expect(page.location).toBe("/");
  });

  it("a role revoked takes effect on the next request, whatever the token says", async () => {
    const director = await makeMember("director");
    const token = await staffToken(director);
    const round = await makeRound();
    await expectStatus(await call("GET", `/api/admin/rounds/${round.id}/check-in`, { token }), 200);
    await testDb().delete(memberships).where(eq(memberships.userId, director.id));
    await expectError(await call("GET", `/api/admin/rounds/${round.id}/check-in`, { token }), 403, NOT_AN_ADMIN);
  });
});

describe("the pages", () => {
  const post = (path: string, form: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
    return new Request(`http://localhost${path}`, { method: "POST", body });
  };

  it("the Roles panel grants by email, and says so; a missing email is 404 in the form", async () => {
    const session = await sessionOf("owner");
    const member = await makeUser();
    const granted = await outcome(
      usersPage.action(argsWith(session, post("/admin/users", { intent: "grantRole", email: member.email, role: "director" }))),
    );
    expect(granted.data).toEqual({ success: `${member.name} is now a director of the league.` });
    expect(await roleOf(member.id)).toBe("director");
    const missing = await outcome(
      usersPage.action(
        argsWith(session, post("/admin/users", { intent: "grantRole", email: "nobody-here@example.com", role: "director" })),
      ),
    );
    expect([missing.status, missing.data.formError]).toEqual([404, ROLE_MESSAGES.noUser]);
    const loaded = await outcome(usersPage.loader(argsWith(session, new Request("http://localhost/admin/users"))));
    expect(loaded.data).toMatchObject({ manageRoles: true, operator: false });
    expect(loaded.data.members).toEqual(expect.arrayContaining([expect.objectContaining({ userId: member.id, role: "director" })]));
  });

  it("the account actions of /admin/user/:id: shown to and run for the operator only", async () => {
    const [owner, operator] = await Promise.all([sessionOf("owner"), sessionOf("admin")]);
    const target = await makeUser();
    const path = `/admin/user/${target.id}`;
    const params = { userId: String(target.id) };
    expect((await outcome(userPage.loader(argsWith(owner, new Request(`http://localhost${path}`), params)))).data.operator).toBe(false);
    expect((await outcome(userPage.loader(argsWith(operator, new Request(`http://localhost${path}`), params)))).data.operator).toBe(true);
    const refused = await outcome(userPage.action(argsWith(owner, post(path, { intent: "lock" }), params)));
    expect(refused.status).toBe(403);
    expect((await testDb().select().from(users).where(eq(users.id, target.id)))[0]?.locked).toBe(false);
    const locked = await outcome(userPage.action(argsWith(operator, post(path, { intent: "lock" }), params)));
    expect(locked.data.success).toMatch(/locked/);
  });
});
