// The audit coverage test's footing (tests/api/audit-coverage.test.ts): a small league for
// each write path, page actions posted through the real Worker (its D1 binding names the
// actor from the session cookie, as in production), and the audit rows a write left.
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { gt } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { APP_ORIGIN, type TestUser, makeUser, tokenFor, uniqueIp } from "../auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "../fixtures";
import { claims, auditLog, type AuditRow } from "~/.server/db/schema";
import { authenticate } from "~/.server/auth/current-user";
import { SESSION_COOKIE, readSessionCookie } from "~/.server/auth/session";
import { getDb } from "~/.server/db/client";
import { leagueFromEnv } from "~/.server/league";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";
import * as acesPage from "~/routes/aces";
import * as roundFormPage from "~/routes/admin-round-form";
import * as roundPlayPage from "~/routes/admin-round-play";
import * as roundScoresPage from "~/routes/admin-round-scores";
import * as roundNightPage from "~/routes/admin-round-night";
import * as scorePage from "~/routes/round-score";
import * as multiEditPage from "~/routes/admin-rounds-multi";
import * as roundsPage from "~/routes/admin-rounds";
import * as transfersPage from "~/routes/transfers";
import { createWorker } from "../../workers/worker";

export const TZ = leagueFromEnv(env).timeZone;

/** The page actions that write money, by path (the test Worker has no React Router build). */
const PAGES: { path: RegExp; action: (args: never) => Promise<unknown>; param?: string }[] = [
  { path: /^\/admin\/round\/play\/(\d+)$/, action: roundPlayPage.action, param: "roundId" },
  { path: /^\/admin\/round\/scores\/(\d+)$/, action: roundScoresPage.action, param: "roundId" },
  { path: /^\/admin\/round\/night\/(\d+)$/, action: roundNightPage.action, param: "roundId" },
  { path: /^\/rounds\/(\d+)\/score$/, action: scorePage.action, param: "roundId" },
  { path: /^\/admin\/rounds\/multi-edit$/, action: multiEditPage.action },
  { path: /^\/admin\/rounds\/(\d+)$/, action: roundFormPage.action, param: "roundId" },
  { path: /^\/admin\/rounds$/, action: roundsPage.action },
  { path: /^\/transfers$/, action: transfersPage.action },
  { path: /^\/aces$/, action: acesPage.action },
];

/** An action's answer as the router would send it: a Response as is, data as JSON with its status. */
function asResponse(out: unknown): Response {
  if (out instanceof Response) return out;
  if (out && typeof out === "object" && "init" in out && "data" in out) {
    const { data, init } = out as { data: unknown; init: ResponseInit | null };
    return Response.json(data, { status: init?.status ?? 200 });
  }
  if (out instanceof Error) throw out;
  return Response.json(out ?? null);
}

/** The app's page handler in miniature: the root middleware's context, then the route's action. */
const pageWorker = createWorker(async (request, pageEnv, ctx) => {
  const url = new URL(request.url);
  const page = PAGES.find((p) => p.path.test(url.pathname));
  if (!page) return new Response("No such page action in the audit harness", { status: 404 });
  const match = page.path.exec(url.pathname);
  const db = getDb(pageEnv.DB, DEFAULT_LEAGUE_ID);
  const token = readSessionCookie(request);
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: pageEnv, ctx });
  context.set(servicesContext, { db, league: leagueFromEnv(pageEnv) });
  context.set(sessionContext, token ? await authenticate(db, pageEnv, token, DEFAULT_LEAGUE_ID) : null);
  const params = page.param && match ? { [page.param]: match[1] ?? "" } : {};
  return asResponse(await page.action({ request, context, params, unstable_pattern: url.pathname } as never).catch((e: unknown) => e));
});

/** A form posted to a page by a browser holding `token`'s session cookie. */
export function postPage(path: string, fields: Record<string, string>, token: string): Promise<Response> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const headers = { Cookie: `${SESSION_COOKIE}=${token}`, Origin: APP_ORIGIN, "CF-Connecting-IP": uniqueIp() };
  return pageWorker.fetch(new Request(`http://localhost${path}`, { method: "POST", body, headers }), env, createExecutionContext());
}

/** Where the log ends now: the rows a write adds come after it. */
export { lastAuditRowId as lastAuditId } from "../books-check";

export const auditRowsAfter = (id: number): Promise<AuditRow[]> => testDb().select().from(auditLog).where(gt(auditLog.id, id));

/**
 * A small league made outside the app (no actor): an admin; a player's user with an
 * approved claim and $20 of credit; a round open for registration; and a round played two
 * days ago with four scored, ace-fund entries in MA1 whose payouts are not yet computed.
 */
export async function league() {
  const [admin, user, player, open, played] = await Promise.all([
    makeUser({ isAdmin: true }),
    makeUser(),
    makePlayer({ division: "MA2" }),
    makeRound({ openForRegistration: true }),
    makeRound({ startsAt: nowSec() - 2 * DAY }),
  ]);
  await testDb().insert(claims).values({ leagueId: DEFAULT_LEAGUE_ID, userId: user.id, playerId: player.id, status: "approved" });
  await makeTransfer({ fromPlayerId: null, toPlayerId: player.id, amountCents: 2_000 });
  const field = await Promise.all([0, 1, 2, 3].map(() => makePlayer()));
  const entries = [];
  for (const [i, p] of field.entries()) entries.push(await makeEntry({ roundId: played.id, playerId: p.id, score: 50 + i, ace: true }));
  const [adminToken, userToken] = await Promise.all([tokenFor(admin), tokenFor(user)]);
  return { admin, user, player, open, played, field, entries, adminToken, userToken };
}

export type League = Awaited<ReturnType<typeof league>>;
export type { TestUser };
