import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { call, login, makeUser, tokenFor } from "../auth-fixtures";
import { makePlayer, testDb } from "../fixtures";
import { observeD1 } from "../../workers/d1-observer";
import { gatherReads } from "../../workers/read-runner";
import { optionalSession, sessionMiddleware } from "~/.server/auth/guards";
import { authenticate } from "~/.server/auth/current-user";
import { HINT_COOKIE, hintCookie } from "~/.server/auth/session-hint";
import { SESSION_COOKIE, verifySession } from "~/.server/auth/session";
import { claims, players, users } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { type SessionRecheck, cloudflareContext, servicesContext, sessionRecheckContext } from "~/context";

// A page's session read in the same batch as its loaders' reads (ADR 41): the loaders run
// on the hint the browser sent, and the page is sent only if the session's row says the
// same; otherwise it is rendered again on the row, and nothing of the first render leaves.

/** The root middleware over a page whose loader reads the signed-in user's player. */
async function page(cookie: string, method = "GET") {
  const { binding, seen } = observeD1(env.DB);
  const db = gatherReads(binding);
  const recheck: SessionRecheck = { again: false };
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...env, DB: db }, ctx: {} as ExecutionContext });
  context.set(servicesContext, { db: getDb(db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
  context.set(sessionRecheckContext, recheck);
  const request = new Request("http://localhost/rounds", { method, headers: { Cookie: cookie } });
  const rendered: string[] = [];
  const next = async () => {
    const session = optionalSession(context);
    const playerId = session?.user.linkedPlayerId ?? null;
    // The loader's own read: the player the session says is theirs.
    const row = playerId === null ? null : await db.prepare("select fn from players where id = ?").bind(playerId).first("fn");
    const body = `${session?.user.name ?? "visitor"}:${row ?? "-"}`;
    rendered.push(body);
    return new Response(body);
  };
  const response = (await sessionMiddleware({ request, context, params: {}, unstable_pattern: "/rounds" } as never, next)) as Response;
  return { response, recheck, seen, rendered, cookies: response.headers.getSetCookie() };
}

async function claimed() {
  const player = await makePlayer();
  const user = await makeUser();
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  const token = await tokenFor(user);
  const session = await authenticate(testDb(), env, token, DEFAULT_LEAGUE_ID);
  if (!session) throw new Error("no session");
  const hint = (hintCookie(session).split(";")[0] as string).split("=").slice(1).join("=");
  return { player, user, token, session, cookie: `${SESSION_COOKIE}=${token}; ${HINT_COOKIE}=${hint}` };
}

describe("a page on the session's hint", () => {
  it("sends the session's row and the loader's read as one batch, and the page as rendered", async () => {
    const { player, user, cookie } = await claimed();
    const { response, recheck, seen, rendered } = await page(cookie);
    expect(await response.text()).toBe(`${user.name}:${player.firstName}`);
    expect(recheck.again).toBe(false);
    expect(rendered).toHaveLength(1);
    expect(seen).toMatchObject({ calls: 1, roundTrips: 1 });
  });

  it("without a hint reads the session first, and sets the hint for the next page", async () => {
    const { token, session } = await claimed();
    const { seen, cookies } = await page(`${SESSION_COOKIE}=${token}`);
    expect(seen).toMatchObject({ calls: 2, roundTrips: 2 });
    expect(cookies).toContain(hintCookie(session));
  });

  it("a redirect leaves no hint (a cookie there would make the client reload every loader)", async () => {
    const { token } = await claimed();
    const { binding } = observeD1(env.DB);
    const db = gatherReads(binding);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env: { ...env, DB: db }, ctx: {} as ExecutionContext });
    context.set(servicesContext, { db: getDb(db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
    context.set(sessionRecheckContext, { again: false });
    const request = new Request("http://localhost/admin/rounds", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const next = async () => new Response(null, { status: 302, headers: { Location: "/" } });
    const response = (await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: "/admin/rounds" } as never,
      next,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("a hint the row no longer matches (a new name) is rendered again on the row", async () => {
    const { user, cookie } = await claimed();
    await testDb().update(users).set({ name: "Renamed Since" }).where(eq(users.id, user.id));
    const { recheck } = await page(cookie);
    expect(recheck.again).toBe(true);
    expect(recheck.verified?.user.name).toBe("Renamed Since");
  });

  it("a revoked session's page keeps nothing of its batch: it is rendered again as a visitor", async () => {
    const { token, cookie } = await claimed();
    expect((await call("POST", "/api/users/logout", { token })).status).toBe(200);
    const first = await page(cookie);
    // The loader ran on the hint, its read in the session's batch; the middleware refused it.
    expect(first.seen).toMatchObject({ calls: 1, roundTrips: 1 });
    expect(first.recheck).toEqual({ again: true, verified: null });
    // The Worker's second render (workers/app.ts), on the row: a visitor, cookies cleared.
    const again = await (async () => {
      const { binding } = observeD1(env.DB);
      const db = gatherReads(binding);
      const context = new RouterContextProvider();
      context.set(cloudflareContext, { env: { ...env, DB: db }, ctx: {} as ExecutionContext });
      context.set(servicesContext, { db: getDb(db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
      context.set(sessionRecheckContext, { again: false, verified: first.recheck.verified });
      const request = new Request("http://localhost/rounds", { headers: { Cookie: cookie } });
      const response = (await sessionMiddleware(
        { request, context, params: {}, unstable_pattern: "/rounds" } as never,
        async () => new Response(optionalSession(context)?.user.name ?? "visitor"),
      )) as Response;
      return response;
    })();
    expect(await again.text()).toBe("visitor");
    expect(again.headers.getSetCookie()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^__Host-session=;.*Max-Age=0/),
        expect.stringMatching(/^__Host-session-hint=;.*Max-Age=0/),
      ]),
    );
  });

  it("a hint for another session, or a forged one, is not used: the session is read first", async () => {
    const { token } = await claimed();
    const other = await claimed();
    const otherHint = (hintCookie(other.session).split(";")[0] as string).split("=").slice(1).join("=");
    for (const hint of [otherHint, "not-base64!", btoa('{"sid":1}')]) {
      const { seen, recheck } = await page(`${SESSION_COOKIE}=${token}; ${HINT_COOKIE}=${hint}`);
      expect(seen.roundTrips).toBe(2);
      expect(recheck.again).toBe(false);
    }
    expect(await verifySession(env, token)).not.toBeNull();
  });

  it("a write never runs on a hint: its session is read first, and its answer sets no cookie", async () => {
    const { cookie, user } = await claimed();
    const { seen, recheck, cookies, response } = await page(cookie, "POST");
    expect(seen.roundTrips).toBe(2);
    expect(recheck.again).toBe(false);
    expect(await response.text()).toContain(user.name);
    // Neither a new hint nor, above all, a cleared session: the user stays logged in.
    expect(cookies).toEqual([]);
  });

  it("a player whose claim was approved since the hint gets their player on the second render", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const before = await authenticate(testDb(), env, token, DEFAULT_LEAGUE_ID);
    if (!before) throw new Error("no session");
    const hint = (hintCookie(before).split(";")[0] as string).split("=").slice(1).join("=");
    const [player] = await testDb()
      .insert(players)
      .values({ leagueId: DEFAULT_LEAGUE_ID, firstName: "Newly", lastName: "Claimed", division: "MA1" })
      .returning();
    await testDb()
      .insert(claims)
      .values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player?.id as number, status: "approved" });
    const { recheck, rendered } = await page(`${SESSION_COOKIE}=${token}; ${HINT_COOKIE}=${hint}`);
    expect(rendered).toEqual([`${user.name}:-`]);
    expect(recheck.again).toBe(true);
    expect(recheck.verified?.user.linkedPlayerId).toBe(player?.id);
  });
});

describe("a login", () => {
  it("answers the session's hint with its cookie, for the session it starts", async () => {
    const user = await makeUser();
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const hint = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${HINT_COOKIE}=`))
      ?.split(";")[0];
    expect(hint).toBeDefined();
    // The hint names this token's session: a page with both reads the session in its batch.
    const { seen, recheck, response } = await page(`${SESSION_COOKIE}=${token}; ${hint}`);
    expect(seen).toMatchObject({ calls: 1, roundTrips: 1 });
    expect(recheck.again).toBe(false);
    expect(await response.text()).toBe(`${user.name}:-`);
  });
});
