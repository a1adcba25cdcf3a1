import { env } from "cloudflare:workers";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { argsWith, outcome, sessionOf } from "../route-fixtures";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import type { League } from "~/.server/league";
import type { AdminUser } from "~/.server/services/accounts/user-list";
import { servicesContext } from "~/context";
import * as userPage from "~/routes/admin-user";
import * as usersPage from "~/routes/admin-users";
import { passwordMeetsRules } from "~/schemas/auth";
import { ADMIN_SESSION_SECONDS } from "~/.server/auth/session";
import { eq } from "drizzle-orm";
import { claims, leagues, players } from "~/.server/db/schema";
import { makePlayer, testDb } from "../fixtures";
import {
  PASSWORD,
  call,
  cookieParts,
  expectError,
  expectStatus,
  grantRole,
  jwtParts,
  login,
  loginToken,
  makeAdmin,
  makeMember,
  makeUser,
  tokenFor,
  uniqueEmail,
  userRow,
} from "../auth-fixtures";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

const LOGIN_FAILED = "Login failed. Please try again.";
const adminLogin = (username: string, password: string) => call("POST", "/api/admin/login", { body: { username, password } });
const asAdmin = async (method: string, path: string, body?: unknown) =>
  call(method, path, { body, token: await tokenFor(await makeAdmin()) });

describe("POST /api/admin/login", () => {
  it("logs an admin in for 72 hours", async () => {
    const admin = await makeAdmin();
    const res = await adminLogin(admin.email.toUpperCase(), admin.password);
    const body = await expectStatus(res, 200);
    expect(body.user).toEqual({
      id: admin.id,
      name: admin.name,
      email: admin.email,
      isAdmin: true,
      linked_player: null,
      claimStatus: null,
    });
    const { payload } = jwtParts(body.token);
    expect(payload).toMatchObject({ sub: String(admin.id), role: "admin" });
    expect(payload.exp! - payload.iat!).toBe(72 * 60 * 60);
    expect(cookieParts(res)).toEqual(
      expect.arrayContaining([`__Host-session=${body.token}`, "HttpOnly", `Max-Age=${ADMIN_SESSION_SECONDS}`]),
    );
    await expectStatus(await call("GET", "/api/admin/users", { token: body.token }), 200);
  });

  it("one answer for a non-admin, a wrong password, an unknown email and a locked admin", async () => {
    const [user, admin, locked] = await Promise.all([makeUser(), makeAdmin(), makeAdmin({ locked: true })]);
    for (const [username, password] of [
      [user.email, user.password],
      [admin.email, "Wrong-Password-1"],
      [uniqueEmail("ghost"), PASSWORD],
      [locked.email, locked.password],
    ]) {
      const res = await adminLogin(username, password);
      await expectError(res, 401, LOGIN_FAILED);
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("400 for bad input", async () => {
    await expectError(
      await call("POST", "/api/admin/login", { body: { username: "admin", password: "x" } }),
      400,
      "Enter a valid email address",
    );
    await expectError(await call("POST", "/api/admin/login", { body: { username: "a@example.com" } }), 400, "Password is required");
  });
});

describe("GET /api/admin/users and /api/admin/users/{id}", () => {
  it("lists users with last login, created, locked, admin and claim state", async () => {
    const [user, locked, player] = await Promise.all([makeUser(), makeUser({ locked: true }), makePlayer()]);
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
    await loginToken(user.email, user.password);
    const list = await expectStatus<Record<string, unknown>[]>(await asAdmin("GET", "/api/admin/users"), 200);
    expect(list.find((u) => u.id === user.id)).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      lastLogin: expect.any(Number),
      createdAt: expect.any(Number),
      locked: false,
      isAdmin: false,
      linked_player: player.id,
      linked_player_name: `${player.firstName} ${player.lastName}`,
      claimStatus: "approved",
    });
    expect(list.find((u) => u.id === locked.id)).toMatchObject({ locked: true, lastLogin: null, claimStatus: null, linked_player: null });
  });

  it("shows one user with their claims; 404 for an unknown id, 400 for a bad one", async () => {
    const [user, player] = await Promise.all([makeUser(), makePlayer()]);
    await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "pending" });
    const detail = await expectStatus(await asAdmin("GET", `/api/admin/users/${user.id}`), 200);
    expect(detail).toMatchObject({ id: user.id, email: user.email, claimStatus: "pending" });
    expect(detail.claims).toEqual([
      expect.objectContaining({ player_id: player.id, status: "pending", fn: player.firstName, ln: player.lastName }),
    ]);
    await expectError(await asAdmin("GET", "/api/admin/users/99999999"), 404, "User not found");
    await expectError(await asAdmin("GET", "/api/admin/users/abc"), 400, "Invalid user id");
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  it("deletes the user, who can no longer log in", async () => {
    const user = await makeUser();
    expect(await expectStatus(await asAdmin("DELETE", `/api/admin/users/${user.id}`), 200)).toEqual({ success: true });
    expect(await userRow(user.id)).toBeUndefined();
    await expectError(await asAdmin("GET", `/api/admin/users/${user.id}`), 404);
    await expectError(await login(user.email, user.password), 401);
    await expectError(await asAdmin("DELETE", `/api/admin/users/${user.id}`), 404, "User not found");
  });

  it("deletes a user who added a player record: the record stays, no longer theirs once the league's job ran (ADR 46)", async () => {
    const user = await makeUser();
    const player = await makePlayer({ createdByUserId: user.id });
    expect(await expectStatus(await asAdmin("DELETE", `/api/admin/users/${user.id}`), 200)).toEqual({ success: true });
    expect(await userRow(user.id)).toBeUndefined();
    // The league's rows let go of the account by a job through the real queue.
    const creator = async () => (await testDb().select().from(players).where(eq(players.id, player.id)))[0]?.createdByUserId;
    const deadline = Date.now() + 15_000;
    while ((await creator()) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const [kept] = await testDb().select().from(players).where(eq(players.id, player.id));
    expect(kept).toMatchObject({ id: player.id, createdByUserId: null });
  });

  it("refuses to delete or lock the admin's own account", async () => {
    const admin = await makeAdmin();
    const token = await tokenFor(admin);
    await expectError(await call("DELETE", `/api/admin/users/${admin.id}`, { token }), 400, "You cannot delete your own account");
    await expectError(await call("POST", `/api/admin/users/${admin.id}/lock`, { token }), 400, "You cannot lock your own account");
    expect(await userRow(admin.id)).toMatchObject({ locked: false });
  });
});

describe("POST /api/admin/users/{id}/lock and /unlock", () => {
  it("a locked user cannot log in; unlocked, they can again", async () => {
    const user = await makeUser();
    expect(await expectStatus(await asAdmin("POST", `/api/admin/users/${user.id}/lock`), 200)).toEqual({ success: true });
    expect(await userRow(user.id)).toMatchObject({ locked: true });
    await expectError(await login(user.email, user.password), 403);
    expect(await expectStatus(await asAdmin("POST", `/api/admin/users/${user.id}/unlock`), 200)).toEqual({ success: true });
    await expectStatus(await login(user.email, user.password), 200);
  });

  it("404 for unknown users", async () => {
    await expectError(await asAdmin("POST", "/api/admin/users/99999999/lock"), 404, "User not found");
    await expectError(await asAdmin("POST", "/api/admin/users/99999999/unlock"), 404, "User not found");
  });
});

describe("POST /api/admin/users/{id}/reset-password", () => {
  it("returns a new password once; it logs in, the old one and old sessions do not", async () => {
    const user = await makeUser();
    const oldToken = await loginToken(user.email, user.password);
    const body = await expectStatus(await asAdmin("POST", `/api/admin/users/${user.id}/reset-password`), 200);
    expect(body).toEqual({ success: true, newPassword: expect.any(String) });
    expect(passwordMeetsRules(body.newPassword)).toBe(true);
    await expectStatus(await login(user.email, body.newPassword), 200);
    await expectError(await login(user.email, user.password), 401);
    await expectError(await call("GET", "/api/users/me", { token: oldToken }), 401);
    await expectError(await asAdmin("POST", "/api/admin/users/99999999/reset-password"), 404);
  });
});

describe("POST /api/admin/user/add", () => {
  it("adds a user with the given password (201, no password echoed)", async () => {
    const email = uniqueEmail("added");
    const body = await expectStatus(
      await asAdmin("POST", "/api/admin/user/add", { email: email.toUpperCase(), name: "Added", password: PASSWORD }),
      201,
    );
    expect(body).toEqual({ success: true, id: expect.any(Number) });
    expect(await userRow(body.id)).toMatchObject({ email, name: "Added", isOperator: false });
    await expectStatus(await login(email, PASSWORD), 200);
  });

  it("without a password, makes one and shows it once; isAdmin makes an operator", async () => {
    const email = uniqueEmail("added");
    const body = await expectStatus(await asAdmin("POST", "/api/admin/user/add", { email, name: "New Admin", isAdmin: true }), 201);
    expect(body).toEqual({ success: true, id: expect.any(Number), newPassword: expect.any(String) });
    expect(passwordMeetsRules(body.newPassword)).toBe(true);
    await expectStatus(await call("POST", "/api/admin/login", { body: { username: email, password: body.newPassword } }), 200);
  });

  it("409 for an email in use (any case); 400 for bad input", async () => {
    const user = await makeUser();
    await expectError(
      await asAdmin("POST", "/api/admin/user/add", { email: user.email.toUpperCase(), name: "Dup" }),
      409,
      "Email is already in use",
    );
    await expectError(
      await asAdmin("POST", "/api/admin/user/add", { email: uniqueEmail(), name: "Weak", password: "weakpassword" }),
      400,
      "Password does not meet complexity requirements",
    );
    await expectError(await asAdmin("POST", "/api/admin/user/add", { email: "nope", name: "X" }), 400, "Enter a valid email address");
    await expectError(await asAdmin("POST", "/api/admin/user/add", { email: uniqueEmail(), name: "X", isAdmin: "yes" }), 400);
  });
});

describe("/admin/users and /admin/user/{id}: a league's admin sees the league's people, the operator every account", () => {
  /** The pages' loaders as a session in `league` (the default league unless given). */
  function argsIn(session: Session, path: string, league: League | null = null, params: Record<string, string> = {}) {
    const args = argsWith(session, new Request(`http://localhost${path}`), params) as { context: RouterContextProvider };
    if (league) args.context.set(servicesContext, { db: getDb(env.DB, league.id), league });
    return args as never;
  }
  const listed = async (session: Session, league?: League) =>
    ((await outcome(usersPage.loader(argsIn(session, "/admin/users", league)))).data.users as { id: number }[]).map((u) => u.id);

  it("in the default league: its members, its claimants and the accounts of no league; never another league's only", async () => {
    const [b] = await testDb().insert(leagues).values({ slug: "people-b", name: "People B", timeZone: "America/Denver" }).returning();
    const [director, claimant, loner, bStaff, bPlayer, bPlayerHere, adminSession, operator] = await Promise.all([
      makeMember("director"),
      makeUser(),
      makeUser(),
      makeUser(),
      makeUser(),
      makeUser(),
      sessionOf("leagueAdmin"),
      sessionOf("admin"),
    ]);
    await grantRole(bStaff.id, "admin", b!.id);
    const [here, there] = await Promise.all([makePlayer(), makePlayer({ leagueId: b!.id })]);
    await testDb()
      .insert(claims)
      .values([
        { leagueId: DEFAULT_LEAGUE_ID, userId: claimant.id, playerId: here.id, status: "pending" },
        { leagueId: b!.id, userId: bPlayer.id, playerId: there.id, status: "approved" },
      ]);
    // A B player who also claims here is one of this league's too.
    const [there2, here2] = await Promise.all([makePlayer({ leagueId: b!.id }), makePlayer()]);
    await testDb()
      .insert(claims)
      .values([
        { leagueId: b!.id, userId: bPlayerHere.id, playerId: there2.id, status: "approved" },
        { leagueId: DEFAULT_LEAGUE_ID, userId: bPlayerHere.id, playerId: here2.id, status: "withdrawn" },
      ]);
    await grantRole(bPlayerHere.id, "director", b!.id);

    const seen = await listed(adminSession!);
    expect(seen).toEqual(expect.arrayContaining([director.id, claimant.id, loner.id, bPlayerHere.id, adminSession!.user.id]));
    expect(seen).not.toContain(bStaff.id);
    expect(seen).not.toContain(bPlayer.id);
    // The operator sees every account, each with its claim state here.
    expect(await listed(operator!)).toEqual(expect.arrayContaining([director.id, claimant.id, loner.id, bStaff.id, bPlayer.id]));

    // Each account's page: the league's admin reaches the league's people only; the operator every account.
    const page = (session: Session, id: number) =>
      outcome(userPage.loader(argsIn(session, `/admin/user/${id}`, null, { userId: String(id) })));
    for (const id of [director.id, claimant.id, loner.id, bPlayerHere.id])
      expect((await page(adminSession!, id)).status, `${id}`).toBe(200);
    for (const id of [bStaff.id, bPlayer.id])
      expect(await page(adminSession!, id)).toMatchObject({ status: 404, data: { message: "User not found" } });
    expect((await page(operator!, bPlayer.id)).status).toBe(200);
  });

  it("in another league: its members and claimants only, named from their accounts with their claim state there", async () => {
    const [row] = await testDb().insert(leagues).values({ slug: "people-c", name: "People C", timeZone: "America/Denver" }).returning();
    const league: League = { ...row!, name: "People C", timeZone: "America/Denver", isDefault: false };
    const [owner, player, loner, otherStaff] = await Promise.all([makeUser(), makeUser(), makeUser(), makeMember("admin")]);
    await grantRole(owner.id, "owner", league.id);
    const p = await makePlayer({ leagueId: league.id });
    await testDb().insert(claims).values({ leagueId: league.id, userId: player.id, playerId: p.id, status: "approved" });
    const session: Session = {
      user: { id: owner.id, name: owner.name, email: owner.email, isOperator: false, linkedPlayerId: null, claimStatus: null },
      leagueId: league.id,
      leagueRole: "owner",
      loginKind: "admin",
      sessionId: "people-c",
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    };
    const users = (await outcome(usersPage.loader(argsIn(session, "/admin/users", league)))).data.users as AdminUser[];
    expect(users.map((u) => u.id).sort((a, b) => a - b)).toEqual([owner.id, player.id].sort((a, b) => a - b));
    expect(users.find((u) => u.id === player.id)).toMatchObject({
      name: player.name,
      email: player.email,
      linkedPlayerId: p.id,
      linkedPlayerName: `${p.firstName} ${p.lastName}`,
      claimStatus: "approved",
    });
    expect(users.map((u) => u.id)).not.toContain(loner.id);
    expect(users.map((u) => u.id)).not.toContain(otherStaff.id);
  });
});
