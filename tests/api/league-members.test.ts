// A league's members (ADR 47) under hostile use: joining by code (its shape, twice, wrong,
// guessed, a closed league, staff who join), a new code, invitations by email for each role
// and who may send them, tokens of another league, another address, spent and expired, the
// secret never stored; leaving; the owner hiding and closing the league; a player membership
// that opens nothing of the admin's; cookie writes from another origin.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, grantRole, makeMember, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { testDb, uniq } from "../fixtures";
import { deliver, recordMail } from "../job-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import { getDb } from "~/.server/db/client";
import { DEFAULT_LEAGUE_ID, auditLog, leagueInvites, leagues, memberships } from "~/.server/db/schema";
import type { Session } from "~/.server/auth/current-user";
import { hashResetToken } from "~/.server/services/accounts/password-reset";
import { INVITE_MESSAGES, createInvite } from "~/.server/services/accounts/invites";
import { JOIN_MESSAGES } from "~/.server/services/accounts/join-codes";
import { newJoinCode } from "~/lib/accounts/join-codes";
import { ROLE_MESSAGES } from "~/.server/services/accounts/memberships";
import { OWNER_MESSAGES } from "~/.server/services/accounts/league-owner";
import { JOIN_CODE_ALPHABET } from "~/lib/accounts/join-codes";
import type { InviteRole } from "~/lib/accounts/roles";
import * as membersPage from "~/routes/admin-members";

const NOT_YOUR_ROLE = "Your role in this league does not allow this.";
const NOT_AN_ADMIN = "Not an admin";

/** A league of its own with a code and an owner; `rounds` gives it a round (the front door lists only those). */
/** Who sends the invitations a test makes through the service: an account of this file's storage. */
const inviter = async () => {
  const u = await makeUser();
  return { id: u.id, name: u.name };
};

async function makeLeague(opts: { town?: string; name?: string } = {}) {
  const slug = `lg-${uniq()}`;
  const code = newJoinCode();
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug, name: opts.name ?? `League ${uniq()}`, timeZone: "America/Chicago", joinCode: code, town: opts.town ?? null })
    .returning();
  const owner = await makeUser();
  await grantRole(owner.id, "owner", row!.id);
  forgetLeagues();
  return { ...row!, code, owner, ownerToken: await tokenFor(owner, { role: "admin" }), api: (p: string) => `/l/${slug}/api${p}` };
}

const roleIn = async (leagueId: number, userId: number) =>
  (
    await testDb()
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.leagueId, leagueId), eq(memberships.userId, userId)))
  )[0]?.role ?? null;

const join = (token: string, code: unknown, ip = uniqueIp()) => call("POST", "/api/leagues/join", { token, body: { code }, ip });

describe("joining by code", () => {
  it("makes a player, whatever the case, spaces and hyphens; twice is one membership", async () => {
    const league = await makeLeague();
    const user = await makeUser();
    const token = await tokenFor(user);
    const typed = `${league.code.slice(0, 3).toLowerCase()} - ${league.code.slice(3)}`;
    const body = await expectStatus(await join(token, typed), 200);
    expect(body).toEqual({ league: { slug: league.slug, name: league.name }, role: "player", joined: true });
    expect(await expectStatus(await join(token, league.code), 200)).toMatchObject({ joined: false, role: "player" });
    const rows = await testDb().select().from(memberships).where(eq(memberships.userId, user.id));
    expect(rows.map((r) => [r.leagueId, r.role])).toEqual([[league.id, "player"]]);
  });

  it("a wrong code is 404 and makes nothing; no body or a bad one is 400; no session is 401", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const wrong = [...newJoinCode()].map((c) => (c === "A" ? "B" : "A")).join("");
    await expectError(await join(token, wrong), 404, JOIN_MESSAGES.noLeague);
    await expectError(await join(token, "I0L1O0"), 404, JOIN_MESSAGES.noLeague);
    await expectError(await join(token, 42), 400);
    await expectError(await join(token, "x".repeat(41)), 400);
    await expectError(await call("POST", "/api/leagues/join", { body: { code: "ABCDEF" } }), 401);
    expect(await testDb().select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
  });

  it("counts a client's tries: 20 an hour, then 429, right codes too", async () => {
    const league = await makeLeague();
    const token = await tokenFor(await makeUser());
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) await expectError(await join(token, newJoinCode(), ip), 404);
    await expectError(await join(token, league.code, ip), 429);
    await expectStatus(await join(token, league.code, uniqueIp()), 200);
  });

  it("a closed or suspended league takes nobody", async () => {
    const [closed, suspended] = await Promise.all([makeLeague(), makeLeague()]);
    await testDb().update(leagues).set({ closedAt: 1 }).where(eq(leagues.id, closed.id));
    await testDb().update(leagues).set({ suspendedAt: 1 }).where(eq(leagues.id, suspended.id));
    const user = await makeUser();
    const token = await tokenFor(user);
    await expectError(await join(token, closed.code), 403, JOIN_MESSAGES.closed);
    await expectError(await join(token, suspended.code), 403, JOIN_MESSAGES.suspended);
    expect([await roleIn(closed.id, user.id), await roleIn(suspended.id, user.id)]).toEqual([null, null]);
  });

  it("a league's staff who join keep their role", async () => {
    const league = await makeLeague();
    const director = await makeUser();
    await grantRole(director.id, "director", league.id);
    await expectStatus(await join(await tokenFor(director), league.code), 200);
    await expectStatus(await join(league.ownerToken, league.code), 200);
    expect([await roleIn(league.id, director.id), await roleIn(league.id, league.owner.id)]).toEqual(["director", "owner"]);
  });

  it("the owner's new code: the old one is 404 at once; an admin may not make one", async () => {
    const league = await makeLeague();
    const admin = await makeUser();
    await grantRole(admin.id, "admin", league.id);
    await expectError(
      await call("POST", league.api("/admin/league/join-code"), { token: await tokenFor(admin, { role: "admin" }) }),
      403,
      NOT_YOUR_ROLE,
    );
    const { code } = await expectStatus<{ code: string }>(
      await call("POST", league.api("/admin/league/join-code"), { token: league.ownerToken }),
      200,
    );
    expect(code).toHaveLength(6);
    expect([...code].every((c) => JOIN_CODE_ALPHABET.includes(c))).toBe(true);
    expect(code).not.toBe(league.code);
    const token = await tokenFor(await makeUser());
    await expectError(await join(token, league.code), 404, JOIN_MESSAGES.noLeague);
    await expectStatus(await join(token, code), 200);
  });

  it("codes are 6 of the alphabet, and differ", () => {
    const codes = new Set(Array.from({ length: 200 }, () => newJoinCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
  });
});

/** An invitation as the members page or the /api makes it, mailed by the queue's consumer: its token, from the mail. */
async function invite(leagueId: number, email: string, role: InviteRole, expired = false) {
  const jobs: unknown[] = [];
  const queue = { send: async (job: unknown) => void jobs.push(job) } as unknown as Queue;
  const made = await createInvite(getDb(env.DB, leagueId), {
    league: { id: leagueId },
    standing: { isOperator: true, leagueRole: null },
    actor: await inviter(),
    email,
    role,
    jobs: queue,
    secret: env.SESSION_SECRET,
    origin: "http://localhost",
  });
  if (expired) await testDb().update(leagueInvites).set({ expiresAt: 1 }).where(eq(leagueInvites.id, made.id));
  const { sent, send } = recordMail();
  // The consumer reads the league through the isolate's directory: this file's league, not one an earlier file left there.
  forgetLeagues();
  await deliver([{ body: jobs[0] }], { send });
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(sent[0]?.text ?? "")?.[1];
  return { id: made.id, token: token ?? "", mail: sent[0] };
}

const accept = (token: string, inviteToken: string, path = "/api/invites/accept") =>
  call("POST", path, { token, body: { token: inviteToken } });

describe("invitations", () => {
  it("each role: the mail's link makes the membership with its role, a player upgraded, the owner never touched", async () => {
    const league = await makeLeague();
    for (const role of ["player", "director", "admin"] as const) {
      const user = await makeUser();
      const sent = await invite(league.id, user.email, role);
      expect(sent.mail?.to).toBe(user.email);
      expect(sent.mail?.subject).toContain(league.name);
      expect(await expectStatus(await accept(await tokenFor(user), sent.token), 200)).toEqual({
        league: { slug: league.slug, name: league.name },
        role,
      });
      expect(await roleIn(league.id, user.id)).toBe(role);
    }
    // A player invited as a director becomes one; an admin invited as a player stays an admin; the owner stays the owner.
    const [player, admin] = [await makeUser(), await makeUser()];
    await grantRole(player.id, "player", league.id);
    await grantRole(admin.id, "admin", league.id);
    await expectStatus(await accept(await tokenFor(player), (await invite(league.id, player.email, "director")).token), 200);
    await expectStatus(await accept(await tokenFor(admin), (await invite(league.id, admin.email, "player")).token), 200);
    await expectStatus(await accept(league.ownerToken, (await invite(league.id, league.owner.email, "admin")).token), 200);
    expect([await roleIn(league.id, player.id), await roleIn(league.id, admin.id), await roleIn(league.id, league.owner.id)]).toEqual([
      "director",
      "admin",
      "owner",
    ]);
  });

  it("the token is never stored in clear: only its SHA-256", async () => {
    const league = await makeLeague();
    const sent = await invite(league.id, (await makeUser()).email, "player");
    const [row] = await testDb().select().from(leagueInvites).where(eq(leagueInvites.id, sent.id));
    expect(sent.token.length).toBeGreaterThan(30);
    expect(row!.tokenHash).toBe(await hashResetToken(sent.token));
    expect(JSON.stringify(row)).not.toContain(sent.token);
    const audit = await testDb().select().from(auditLog).where(eq(auditLog.leagueId, league.id));
    expect(JSON.stringify(audit)).not.toContain(sent.token);
  });

  it("another league's token accepted from league A's address joins its own league only", async () => {
    const [a, b] = [await makeLeague(), await makeLeague()];
    const user = await makeUser();
    const sent = await invite(b.id, user.email, "director");
    expect(await expectStatus(await accept(await tokenFor(user), sent.token, a.api("/invites/accept")), 200)).toMatchObject({
      league: { slug: b.slug },
    });
    expect([await roleIn(a.id, user.id), await roleIn(b.id, user.id), await roleIn(DEFAULT_LEAGUE_ID, user.id)]).toEqual([
      null,
      "director",
      null,
    ]);
  });

  it("another address 403; spent by someone else or expired 410; unknown 404; twice by its own is one membership", async () => {
    const league = await makeLeague();
    const [invited, other] = [await makeUser(), await makeUser()];
    const sent = await invite(league.id, invited.email, "admin");
    await expectError(await accept(await tokenFor(other), sent.token), 403, INVITE_MESSAGES.otherAddress);
    expect(await roleIn(league.id, other.id)).toBeNull();
    const mine = await tokenFor(invited);
    await expectStatus(await accept(mine, sent.token), 200);
    await expectStatus(await accept(mine, sent.token), 200);
    expect((await testDb().select().from(memberships).where(eq(memberships.userId, invited.id))).length).toBe(1);
    // Spent: a second account with the address (after an email change) cannot use it again.
    await testDb().delete(memberships).where(eq(memberships.userId, invited.id));
    const [row] = await testDb().select().from(leagueInvites).where(eq(leagueInvites.id, sent.id));
    await testDb().update(leagueInvites).set({ acceptedBy: other.id }).where(eq(leagueInvites.id, row!.id));
    await expectError(await accept(mine, sent.token), 410, INVITE_MESSAGES.spent);
    const stale = await invite(league.id, invited.email, "player", true);
    expect(stale.mail).toBeUndefined();
    const expiredToken = (await invite(league.id, invited.email, "player")).token;
    await testDb()
      .update(leagueInvites)
      .set({ expiresAt: 1 })
      .where(eq(leagueInvites.tokenHash, await hashResetToken(expiredToken)));
    await expectError(await accept(mine, expiredToken), 410, INVITE_MESSAGES.expired);
    await expectError(await accept(mine, "not-a-token-we-made"), 404, INVITE_MESSAGES.unknown);
    await expectError(await call("POST", "/api/invites/accept", { body: { token: sent.token } }), 401);
    expect(await roleIn(league.id, invited.id)).toBeNull();
  });

  it("who may invite: an admin a player, not an admin or a director; a director and a player nothing", async () => {
    const league = await makeLeague();
    const [admin, director, player] = [await makeUser(), await makeUser(), await makeUser()];
    await grantRole(admin.id, "admin", league.id);
    await grantRole(director.id, "director", league.id);
    await grantRole(player.id, "player", league.id);
    const post = async (who: { id: number; sessionVersion: number }, role: string) =>
      call("POST", league.api("/admin/invites"), {
        token: await tokenFor(who, { role: "admin" }),
        body: { email: `${uniq()}@example.com`, role },
      });
    const made = await expectStatus(await post(admin, "player"), 201);
    expect(made).toMatchObject({ role: "player" });
    await expectError(await post(admin, "admin"), 403, NOT_YOUR_ROLE);
    await expectError(await post(admin, "director"), 403, NOT_YOUR_ROLE);
    await expectError(await post(director, "admin"), 403, NOT_YOUR_ROLE);
    await expectError(await post(director, "player"), 403, NOT_YOUR_ROLE);
    await expectError(await post(player, "player"), 403, NOT_AN_ADMIN);
    await expectStatus(await post(league.owner, "admin"), 201);
    await expectError(await post(league.owner, "owner"), 400);
    await expectError(await post(league.owner, "nobody"), 400);
    // The pending list, and a cancel: its audit rows name the actor.
    const list = await expectStatus<{ id: number; role: string }[]>(
      await call("GET", league.api("/admin/invites"), { token: league.ownerToken }),
      200,
    );
    expect(list.map((i) => i.role).sort()).toEqual(["admin", "player"]);
    const staffInvite = list.find((i) => i.role === "admin")!;
    await expectError(
      await call("DELETE", league.api(`/admin/invites/${staffInvite.id}`), { token: await tokenFor(admin, { role: "admin" }) }),
      403,
      NOT_YOUR_ROLE,
    );
    await expectStatus(
      await call("DELETE", league.api(`/admin/invites/${made.id}`), { token: await tokenFor(admin, { role: "admin" }) }),
      200,
    );
    await expectError(await call("DELETE", league.api(`/admin/invites/${made.id}`), { token: league.ownerToken }), 404);
    const audit = await testDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leagueId, league.id), eq(auditLog.tableName, "league_invites")))
      .orderBy(auditLog.id);
    expect(audit.map((r) => [r.action, r.actorUserId])).toEqual([
      ["insert", admin.id],
      ["insert", league.owner.id],
      ["delete", admin.id],
    ]);
  });
});

describe("leaving", () => {
  it("a member leaves; the owner must pass the league on first; a stranger has nothing to leave", async () => {
    const league = await makeLeague();
    const [player, director] = [await makeUser(), await makeUser()];
    await grantRole(player.id, "player", league.id);
    await grantRole(director.id, "director", league.id);
    await expectStatus(await call("POST", league.api("/users/me/leave"), { token: await tokenFor(player) }), 200);
    await expectStatus(await call("POST", league.api("/users/me/leave"), { token: await tokenFor(director) }), 200);
    expect([await roleIn(league.id, player.id), await roleIn(league.id, director.id)]).toEqual([null, null]);
    await expectError(await call("POST", league.api("/users/me/leave"), { token: league.ownerToken }), 409, ROLE_MESSAGES.ownerLeaves);
    expect(await roleIn(league.id, league.owner.id)).toBe("owner");
    await expectError(await call("POST", league.api("/users/me/leave"), { token: await tokenFor(player) }), 404, ROLE_MESSAGES.notJoined);
    await expectError(await call("POST", league.api("/users/me/leave")), 401);
  });
});

describe("the owner's choices", () => {
  it("hiding: the owner 200 (the front door leaves it off), an admin 403, a bad body 400", async () => {
    const league = await makeLeague();
    const admin = await makeUser();
    await grantRole(admin.id, "admin", league.id);
    await expectError(
      await call("PATCH", league.api("/admin/league"), { token: await tokenFor(admin, { role: "admin" }), body: { hidden: true } }),
      403,
      NOT_YOUR_ROLE,
    );
    await expectError(await call("PATCH", league.api("/admin/league"), { token: league.ownerToken, body: { hidden: "yes" } }), 400);
    await expectError(await call("PATCH", league.api("/admin/league"), { token: league.ownerToken, body: {} }), 400);
    expect(
      await expectStatus(await call("PATCH", league.api("/admin/league"), { token: league.ownerToken, body: { hidden: true } }), 200),
    ).toEqual({
      hidden: true,
      changed: true,
    });
    const [row] = await testDb().select({ hidden: leagues.hiddenByOwner }).from(leagues).where(eq(leagues.id, league.id));
    expect(row?.hidden).toBe(true);
  });

  it("closing: an admin 403, the wrong name 400, the right one closes; a write after is 403 'This league is closed'", async () => {
    const league = await makeLeague({ name: "Closing Time League" });
    const admin = await makeUser();
    await grantRole(admin.id, "admin", league.id);
    const close = (token: string, confirm: unknown) => call("POST", league.api("/admin/league/close"), { token, body: { confirm } });
    await expectError(await close(await tokenFor(admin, { role: "admin" }), league.name!), 403, NOT_YOUR_ROLE);
    await expectError(await close(league.ownerToken, "Closing Time"), 400, OWNER_MESSAGES.wrongName);
    await expectError(await close(league.ownerToken, 7), 400);
    const [open] = await testDb().select().from(leagues).where(eq(leagues.id, league.id));
    expect(open?.closedAt).toBeNull();
    await expectStatus(await close(league.ownerToken, "  closing time league "), 200);
    const [closed] = await testDb().select().from(leagues).where(eq(leagues.id, league.id));
    expect(closed?.closedAt).not.toBeNull();
    expect(closed?.epoch).toBe(open!.epoch + 1);
    await expectError(
      await call("POST", league.api("/admin/courses"), { token: league.ownerToken, body: { name: "After" } }),
      403,
      "This league is closed",
    );
    await expectError(await close(league.ownerToken, league.name!), 403, "This league is closed");
    await expectError(await join(await tokenFor(await makeUser()), league.code), 403, JOIN_MESSAGES.closed);
  });
});

describe("a player membership opens nothing of the admin's", () => {
  it("every admin call is 403 'Not an admin', the members page sends it home", async () => {
    const player = await makeMember("player");
    const token = await tokenFor(player, { role: "admin" });
    for (const [method, path, body] of [
      ["GET", "/api/admin/invites"],
      ["POST", "/api/admin/invites", { email: "x@example.com", role: "player" }],
      ["PATCH", "/api/admin/league", { hidden: true }],
      ["POST", "/api/admin/league/join-code"],
      ["GET", "/api/admin/memberships"],
      ["GET", "/api/admin/settings"],
    ] as [string, string, unknown?][]) {
      await expectError(await call(method, path, { token, body }), 403, NOT_AN_ADMIN);
    }
    const session: Session = {
      user: { id: player.id, name: player.name, email: player.email, isOperator: false, linkedPlayerId: null, claimStatus: null },
      leagueId: DEFAULT_LEAGUE_ID,
      leagueRole: "player",
      loginKind: "user",
      sessionId: uniq(),
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    };
    const page = await outcome(
      Promise.resolve(membersPage.loader(argsWith(session, new Request("http://localhost/admin/members")) as never)),
    );
    expect(page.location).toBe("/");
  });
});

describe("cookie writes from another origin", () => {
  it("are refused (403) and change nothing", async () => {
    const league = await makeLeague();
    const user = await makeUser();
    const cookie = await tokenFor(user);
    const res = await call("POST", "/api/leagues/join", { cookie, origin: "https://evil.example", body: { code: league.code } });
    await expectError(res, 403, "Cross-site request refused");
    const leave = await call("POST", league.api("/admin/league/close"), {
      cookie: league.ownerToken,
      origin: "https://evil.example",
      body: { confirm: league.name },
    });
    await expectError(leave, 403, "Cross-site request refused");
    expect(await roleIn(league.id, user.id)).toBeNull();
    const [row] = await testDb().select().from(leagues).where(eq(leagues.id, league.id));
    expect(row?.closedAt).toBeNull();
  });
});
