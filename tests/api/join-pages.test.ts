// The deployment's join and invitation pages (ADR 47): /join/{CODE} shows the league's name
// and one Join (a visitor: log in or register, coming back here); joining lands on the league's
// home; a wrong code is the page's 404; /invite/{token} likewise, for its address only.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeUser } from "../auth-fixtures";
import { testDb, uniq } from "../fixtures";
import { deliver, recordMail } from "../job-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { forgetLeagues } from "../../workers/league-directory";
import type { Session } from "~/.server/auth/current-user";
import { getDb } from "~/.server/db/client";
import { leagues, memberships } from "~/.server/db/schema";
import { INVITE_MESSAGES, createInvite } from "~/.server/services/accounts/invites";
import { JOIN_MESSAGES } from "~/.server/services/accounts/join-codes";
import { newJoinCode } from "~/lib/accounts/join-codes";
import * as joinPage from "~/routes/join";
import * as invitePage from "~/routes/invite";
import * as preferencesPage from "~/routes/preferences";
import { grantRole } from "../auth-fixtures";
import { ROLE_MESSAGES } from "~/.server/services/accounts/memberships";

/** Who sends the invitations a test makes through the service: an account of this file's storage. */
const inviter = async () => {
  const u = await makeUser();
  return { id: u.id, name: u.name };
};

async function makeLeague() {
  const slug = `pg-${uniq()}`;
  const code = newJoinCode();
  const [row] = await testDb()
    .insert(leagues)
    .values({ slug, name: `Page League ${uniq()}`, timeZone: "America/Chicago", joinCode: code })
    .returning();
  forgetLeagues();
  return { ...row!, code };
}

const sessionFor = (u: { id: number; name: string; email: string }): Session => ({
  user: { id: u.id, name: u.name, email: u.email, isOperator: false, linkedPlayerId: null, claimStatus: null },
  leagueId: 1,
  leagueRole: null,
  loginKind: "user",
  sessionId: uniq(),
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
});

const post = (path: string, fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
  });
};

const roleIn = async (leagueId: number, userId: number) =>
  (
    await testDb()
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.leagueId, leagueId), eq(memberships.userId, userId)))
  )[0]?.role ?? null;

describe("/join/{CODE}", () => {
  it("shows the league's name; Join makes a player and lands on its home", async () => {
    const league = await makeLeague();
    const user = await makeUser();
    const session = sessionFor(user);
    const page = await outcome(
      Promise.resolve(
        joinPage.loader(
          argsWith(session, new Request(`http://localhost/join/${league.code.toLowerCase()}`), { code: league.code.toLowerCase() }),
        ),
      ),
    );
    expect(page.data).toMatchObject({ league: { name: league.name, refusal: null }, signedIn: true });
    const joined = await outcome(
      Promise.resolve(joinPage.action(argsWith(session, post(`/join/${league.code}`, { code: league.code }), { code: league.code }))),
    );
    expect(joined.location).toBe(`/l/${league.slug}`);
    expect(await roleIn(league.id, user.id)).toBe("player");
  });

  it("a visitor is offered log in and register that come back; posting sends them to log in", async () => {
    const league = await makeLeague();
    const page = await outcome(
      Promise.resolve(joinPage.loader(argsWith(null, new Request(`http://localhost/join/${league.code}`), { code: league.code }))),
    );
    expect(page.data).toMatchObject({ signedIn: false, league: { name: league.name } });
    const posted = await outcome(
      Promise.resolve(joinPage.action(argsWith(null, post(`/join/${league.code}`, { code: league.code }), { code: league.code }))),
    );
    expect(posted.location).toBe(`/login?redirectTo=${encodeURIComponent(`/join/${league.code}`)}`);
  });

  it("a wrong code is the page's 404 with its words; the typed form goes to its code's address", async () => {
    const page = await outcome(
      Promise.resolve(joinPage.loader(argsWith(null, new Request("http://localhost/join/ZZZZZZ"), { code: "ZZZZZZ" }))),
    );
    expect([page.status, page.data.problem]).toEqual([404, JOIN_MESSAGES.noLeague]);
    const typed = await outcome(Promise.resolve(joinPage.loader(argsWith(null, new Request("http://localhost/join?code=ab c-def"), {}))));
    expect(typed.location).toBe("/join/ABCDEF");
  });
});

describe("/invite/{token}", () => {
  it("its address accepts and lands on the league; another address is refused with the words", async () => {
    const league = await makeLeague();
    const [invited, other] = [await makeUser(), await makeUser()];
    const jobs: unknown[] = [];
    await createInvite(getDb(env.DB, league.id), {
      league,
      standing: { isOperator: true, leagueRole: null },
      actor: await inviter(),
      email: invited.email,
      role: "director",
      jobs: { send: async (j: unknown) => void jobs.push(j) } as unknown as Queue,
      secret: env.SESSION_SECRET,
      origin: "http://localhost",
    });
    const { sent, send } = recordMail();
    forgetLeagues();
    await deliver([{ body: jobs[0] }], { send });
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(sent[0]!.text)![1]!;
    const refused = await outcome(
      Promise.resolve(invitePage.loader(argsWith(sessionFor(other), new Request(`http://localhost/invite/${token}`), { token }))),
    );
    expect([refused.status, refused.data.problem]).toEqual([403, INVITE_MESSAGES.otherAddress]);
    const visitor = await outcome(
      Promise.resolve(invitePage.loader(argsWith(null, new Request(`http://localhost/invite/${token}`), { token }))),
    );
    expect(visitor.data).toMatchObject({ signedIn: false, problem: null, invite: { league: league.name, role: "director" } });
    // The form's token must be its page's: posted to another invitation's page, a 400 with words, nothing accepted.
    const elsewhere = await outcome(
      Promise.resolve(invitePage.action(argsWith(sessionFor(invited), post("/invite/another", { token }), { token: "another" }))),
    );
    expect([elsewhere.status, elsewhere.data?.formError]).toEqual([400, INVITE_MESSAGES.notThisPage]);
    expect(await roleIn(league.id, invited.id)).toBeNull();
    const accepted = await outcome(
      Promise.resolve(invitePage.action(argsWith(sessionFor(invited), post(`/invite/${token}`, { token }), { token }))),
    );
    expect(accepted.location).toBe(`/l/${league.slug}`);
    expect(await roleIn(league.id, invited.id)).toBe("director");
    const unknown = await outcome(
      Promise.resolve(invitePage.loader(argsWith(null, new Request("http://localhost/invite/nope"), { token: "nope" }))),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("leaving from /preferences", () => {
  it("a player leaves and lands on the profile; the owner is told to pass the league on", async () => {
    const [player, owner] = [await makeUser(), await makeUser()];
    await grantRole(player.id, "player");
    const left = await outcome(
      Promise.resolve(preferencesPage.action(argsWith(sessionFor(player), post("/preferences", { intent: "leaveLeague" })))),
    );
    expect(left.location).toBe("/profile");
    expect(await roleIn(1, player.id)).toBeNull();
    await grantRole(owner.id, "owner");
    const refused = await outcome(
      Promise.resolve(preferencesPage.action(argsWith(sessionFor(owner), post("/preferences", { intent: "leaveLeague" })))),
    );
    expect([refused.status, refused.data.formError]).toEqual([409, ROLE_MESSAGES.ownerLeaves]);
    expect(await roleIn(1, owner.id)).toBe("owner");
    const visitor = await outcome(Promise.resolve(preferencesPage.action(argsWith(null, post("/preferences", { intent: "leaveLeague" })))));
    expect(visitor.location).toMatch(/^\/login/);
  });
});
