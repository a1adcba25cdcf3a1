import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api } from "../../workers/api/index";
import { createWorker } from "../../workers/worker";
import { makeAdmin, makeMember, makeUser, tokenFor } from "../auth-fixtures";
import { mixesAccounts, recording } from "../d1-recorder";
import { DAY, makeAce, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "../fixtures";
import { makeLiveRound } from "../live-fixtures";
import { paidEntry } from "../money-fixtures";
import { argsWith, outcome } from "../route-fixtures";
import { auditLog, claims } from "~/.server/db/schema";
import { getDb } from "~/.server/db/client";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";
import { leagueFromEnv } from "~/.server/league";
import type { Session } from "~/.server/auth/current-user";
import type { LeagueRole } from "~/lib/accounts/roles";
import { cloudflareContext, servicesContext } from "~/context";

// Accounts belong to the deployment and will live in another database (ADR 46): no statement
// a league's page or /api GET sends may name both the accounts (`users`) and a league table —
// no join, no subquery into the accounts — but for the accounts' own read of the ids a
// league's rows name (`select … from users where id in (select <ids> …)`, asked beside the
// rows). A page that shows a member's name reads the league's rows and the accounts apart. Every /api GET and every page's loader runs here as the operator,
// the league's admin, a player and a visitor, over a league with claims, payments, check-ins,
// a live round and audit rows; the D1 binding records every statement they send.

const PAGES = import.meta.glob<{ loader?: (args: never) => unknown }>("../../app/routes/*.{ts,tsx}");

async function scene() {
  const live = await makeLiveRound([2], { pins: true });
  const paid = await paidEntry({ paypal: true });
  const played = await makeRound({ startsAt: nowSec() - 7 * DAY });
  const winner = await makePlayer();
  const operator = await makeAdmin();
  await makeEntry({ roundId: played.id, playerId: winner.id, score: 50, checkedInAt: nowSec() - DAY, checkedInBy: operator.id });
  await makeAce({ roundId: played.id, playerId: winner.id, amountCents: 100 });
  await makeTransfer({ fromPlayerId: null, toPlayerId: winner.id, amountCents: 500 });
  const leagueAdmin = await makeMember("admin");
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: leagueAdmin.id, playerId: winner.id, status: "pending" });
  return { live, paid, played, winner, operator, leagueAdmin };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const sessionOf = (user: { id: number; name: string; email: string; isOperator: boolean }, role: LeagueRole | null): Session => ({
  user: { id: user.id, name: user.name, email: user.email, isOperator: user.isOperator, linkedPlayerId: null, claimStatus: null },
  leagueId: DEFAULT_LEAGUE_ID,
  leagueRole: role,
  loginKind: user.isOperator || role ? "admin" : "user",
  sessionId: uniq(),
  expiresAt: nowSec() + DAY,
});

/** A route's path (`:id`) or a page's parameters, filled with the scene's ids. */
const ids = (s: Scene) => ({
  roundId: s.live.round.id,
  id: s.live.round.id,
  ids: `${s.live.round.id},${s.played.id}`,
  playerId: s.winner.id,
  userId: s.paid.user.id,
  range: "all",
  text: "Name",
  tag: 1,
});

/** Every statement of `sent` that names the accounts beside a league table (the accounts' own read of a league's ids aside). */
const mixed = (sent: { sql: string }[], label: string) =>
  sent.filter((s) => mixesAccounts(s.sql)).map((s) => `${label}: ${s.sql.slice(0, 200)}`);

describe("the accounts are read apart from a league's rows", () => {
  it("no /api GET sends a statement naming users and a league table, whoever asks", async () => {
    const s = await scene();
    const worker = createWorker(async () => new Response("no pages here", { status: 404 }));
    const tokens = {
      operator: await tokenFor(s.operator),
      leagueAdmin: await tokenFor(s.leagueAdmin, { role: "admin" }),
      player: s.live.cards[0].players[0].token,
    };
    const fill = ids(s);
    const routes = [...new Set(api.routes.filter((r) => r.method === "GET" && !r.path.includes("/ws")).map((r) => r.path))];
    const offenders: string[] = [];
    let statements = 0;
    for (const route of routes) {
      const path = route.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: keyof typeof fill) => String(fill[name] ?? 1));
      const query = path.includes("/claims/for-user") ? `?userId=${s.paid.user.id}` : "";
      for (const [who, token] of Object.entries(tokens)) {
        const rec = recording(env.DB);
        const ctx = createExecutionContext();
        const res = await worker.fetch(
          new Request(`http://localhost${path}${query}`, { headers: { Authorization: `Bearer ${token}` } }),
          { ...env, DB: rec.db },
          ctx,
        );
        await res.arrayBuffer();
        await waitOnExecutionContext(ctx);
        expect(res.status, `${path} as ${who}`).toBeLessThan(500);
        statements += rec.sent.length;
        offenders.push(...mixed(rec.sent, `GET ${path} as ${who}`));
      }
    }
    expect(statements, "statements were recorded").toBeGreaterThan(200);
    expect(offenders).toEqual([]);
  }, 120_000);

  it("no page's loader sends one, for the operator, the league's admin, a player or a visitor", async () => {
    const s = await scene();
    const player = s.live.cards[0].players[0];
    const sessions: [string, Session | null][] = [
      ["operator", sessionOf(s.operator, null)],
      ["league admin", sessionOf(s.leagueAdmin, "admin")],
      ["player", { ...sessionOf(player.user, null), user: { ...sessionOf(player.user, null).user, linkedPlayerId: player.player.id } }],
      ["visitor", null],
    ];
    const fill = ids(s);
    const params = Object.fromEntries(Object.entries({ ...fill, feed: "x.ics", courseId: 1, layoutId: 1 }).map(([k, v]) => [k, String(v)]));
    const offenders: string[] = [];
    let loaders = 0;
    for (const [file, load] of Object.entries(PAGES)) {
      const { loader } = await load();
      if (!loader) continue;
      loaders++;
      for (const [who, session] of sessions) {
        const rec = recording(env.DB);
        const args = argsWith(session, new Request("http://localhost/page"), params) as { context: { set: (...a: unknown[]) => void } };
        args.context.set(cloudflareContext, { env: { ...env, DB: rec.db }, ctx: {} as ExecutionContext });
        args.context.set(servicesContext, { db: getDb(rec.db, DEFAULT_LEAGUE_ID), league: leagueFromEnv(env) });
        await outcome((async () => loader(args as never))()).catch(() => null);
        offenders.push(...mixed(rec.sent, `${file} as ${who}`));
      }
    }
    expect(loaders).toBeGreaterThan(30);
    expect(offenders).toEqual([]);
  }, 120_000);

  it("nor does a write that names an account: a role's audit row, a new league's, a money write's actor, a decided claim", async () => {
    const [operator, member, heir, owner, player] = await Promise.all([
      makeAdmin(),
      makeUser(),
      makeUser(),
      makeMember("owner"),
      makePlayer(),
    ]);
    const [claim] = await testDb()
      .insert(claims)
      .values({ leagueId: DEFAULT_LEAGUE_ID, userId: member.id, playerId: player.id, status: "pending" })
      .returning();
    await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 500 });
    const worker = createWorker(async () => new Response("no pages here", { status: 404 }));
    const token = await tokenFor(operator);
    const writes: [string, string, unknown][] = [
      ["PUT", `/api/admin/memberships/${member.id}`, { role: "director" }],
      ["DELETE", `/api/admin/memberships/${member.id}`, undefined],
      ["POST", "/api/admin/memberships/transfer", { user_id: heir.id }],
      [
        "POST",
        "/api/admin/leagues",
        { name: "Apart League", slug: "apart-league", time_zone: "America/Denver", owner_email: member.email },
      ],
      ["POST", "/api/transfers/add", { values: { d: nowSec(), fromPlayer: player.id, toPlayer: null, amt: 1 } }],
      ["PUT", `/api/claims/${claim!.id}/approve`, {}],
    ];
    const offenders: string[] = [];
    for (const [method, path, body] of writes) {
      const rec = recording(env.DB);
      const ctx = createExecutionContext();
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      const res = await worker.fetch(new Request(`http://localhost${path}`, init), { ...env, DB: rec.db }, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status, `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      offenders.push(...mixed(rec.sent, `${method} ${path}`));
    }
    expect(offenders).toEqual([]);
    // Each row names the accounts as they were read: the operator who acted, the member, the owners.
    const rows = await testDb().select().from(auditLog).where(eq(auditLog.tableName, "memberships"));
    const named = (userId: number) =>
      rows.filter((r) => r.rowId === userId).map((r) => [r.actorName, r.after && JSON.parse(r.after).member]);
    expect(named(member.id)).toEqual(expect.arrayContaining([[operator.name, member.name]]));
    expect(named(heir.id)).toEqual([[operator.name, heir.name]]);
    expect(named(owner.id)).toEqual([[operator.name, owner.name]]);
    const [moved] = await testDb().select().from(auditLog).where(eq(auditLog.tableName, "transfers")).orderBy(desc(auditLog.id)).limit(1);
    expect(moved).toMatchObject({ actorUserId: operator.id, actorName: operator.name });
  });
});
