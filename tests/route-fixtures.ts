// Route modules' loaders and actions called directly, with the request context the Worker
// builds (the test Worker has no React Router build): a session of the given role, the
// real D1 and the league's settings.
import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { grantRole, makeUser } from "./auth-fixtures";
import type { LeagueRole } from "~/lib/accounts/roles";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/schema";
import { DAY, nowSec, testDb, uniq } from "./fixtures";
import type { Session } from "~/.server/auth/current-user";
import { type League, leagueFromEnv } from "~/.server/league";
import { getDb } from "~/.server/db/client";
import { withAuditActor } from "../workers/audit-actor";
import { cloudflareContext, servicesContext, sessionContext } from "~/context";

const stamped = withAuditActor(env.DB, () => ({ userId: null, role: "system" }));

/** "admin" is the deployment's operator (as every admin was before roles, ADR 47); "leagueAdmin" the league's role admin. */
export type Who = "admin" | "player" | "nobody" | "owner" | "director" | "leagueAdmin";

const ROLE_OF: Partial<Record<Who, LeagueRole>> = { owner: "owner", director: "director", leagueAdmin: "admin" };

export async function sessionOf(who: Who): Promise<Session | null> {
  if (who === "nobody") return null;
  const user = await makeUser({ isAdmin: who === "admin" });
  const leagueRole = ROLE_OF[who] ?? null;
  if (leagueRole) await grantRole(user.id, leagueRole);
  const sessionUser = {
    id: user.id,
    name: user.name,
    email: user.email,
    isOperator: user.isOperator,
    linkedPlayerId: null,
    claimStatus: null,
  };
  return {
    user: sessionUser,
    leagueId: DEFAULT_LEAGUE_ID,
    leagueRole,
    loginKind: who === "player" ? "user" : "admin",
    sessionId: uniq(),
    expiresAt: nowSec() + DAY,
  };
}

export async function argsFor(who: Who, path: string, form?: Record<string, string>, params: Record<string, string> = {}) {
  let request = new Request(`http://localhost${path}`);
  if (form) {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
    request = new Request(`http://localhost${path}`, { method: "POST", body });
  }
  return argsWith(await sessionOf(who), request, params);
}

/** The same for a session made once (so many calls add no users) and any request; in `league` (the default league unless given). */
export function argsWith(session: Session | null, request: Request, params: Record<string, string> = {}, league?: League) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env, ctx: {} as ExecutionContext });
  context.set(servicesContext, league ? { db: getDb(stamped, league.id), league } : { db: testDb(), league: leagueFromEnv(env) });
  context.set(sessionContext, session);
  const { pathname, search } = new URL(request.url);
  return { request, context, params, unstable_pattern: pathname + search } as never;
}

/** What a loader or action answered: its status, its data, and where a redirect goes. */
export async function outcome(run: Promise<unknown>): Promise<{ status: number; data: any; location: string | null }> {
  const out = await run.catch((e: unknown) => e);
  if (out instanceof Response) return { status: out.status, data: null, location: out.headers.get("Location") };
  if (out && typeof out === "object" && "init" in out && "data" in out) {
    const { data, init } = out as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data, location: null };
  }
  if (out instanceof Error) throw out;
  return { status: 200, data: out, location: null };
}
