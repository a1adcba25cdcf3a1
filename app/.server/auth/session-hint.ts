import type { Session, SessionUser } from "./current-user";
import { type SessionClaims, readCookie, sessionCookie } from "./session";
import { LEAGUE_ROLES, type LeagueRole } from "~/lib/accounts/roles";

// A page's session in the same batch as its loaders' reads (ADR 41). The token says who
// before any I/O, but loaders also shape their reads by the user's row (their linked
// player, their claim, their name in the navbar). The hint is that row as this browser
// last saw it, in a cookie: the loaders run on it while the session's real row is read in
// their batch, and the page is sent only if the row says exactly the same; otherwise it is
// rendered again on the row. So a hint decides nothing: a forged or stale one costs a
// second render, never a wrong page. It carries nothing the user's own pages do not show.
// The role it carries is the one in the league it was set in: a page of another league
// takes no hint (ADR 47), and a role granted or revoked since is caught by the row.

export const HINT_COOKIE = "__Host-session-hint";

type Hint = Pick<SessionUser, "name" | "email" | "isOperator" | "linkedPlayerId" | "claimStatus"> & {
  sid: string;
  league: number;
  role: LeagueRole | null;
};

const encode = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
const decode = (text: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)));

/** The session a token and its hint stand for, if the hint is for this token's session in this league. */
export function hintedSession(request: Request, claims: SessionClaims, leagueId: number): Session | null {
  const raw = readCookie(request, HINT_COOKIE);
  if (!raw || raw.length > 1024) return null;
  let hint: Hint;
  try {
    hint = JSON.parse(decode(raw));
  } catch {
    return null;
  }
  if (!hint || typeof hint !== "object" || hint.sid !== claims.sessionId || hint.league !== leagueId) return null;
  const { name, email, isOperator, linkedPlayerId, claimStatus, role } = hint;
  if (typeof name !== "string" || typeof email !== "string" || typeof isOperator !== "boolean") return null;
  if (!(linkedPlayerId === null || Number.isSafeInteger(linkedPlayerId))) return null;
  if (!(claimStatus === null || typeof claimStatus === "string")) return null;
  if (!(role === null || LEAGUE_ROLES.includes(role))) return null;
  return {
    user: { id: claims.userId, name, email, isOperator, linkedPlayerId, claimStatus },
    leagueId,
    leagueRole: role,
    loginKind: claims.role,
    sessionId: claims.sessionId,
    expiresAt: claims.exp,
  };
}

/** Whether the session read from D1 is the one the hint said, field by field. */
export function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === null || b === null) return a === b;
  const keys: (keyof SessionUser)[] = ["id", "name", "email", "isOperator", "linkedPlayerId", "claimStatus"];
  return (
    keys.every((k) => a.user[k] === b.user[k]) &&
    a.leagueId === b.leagueId &&
    a.leagueRole === b.leagueRole &&
    a.loginKind === b.loginKind &&
    a.sessionId === b.sessionId &&
    a.expiresAt === b.expiresAt
  );
}

type Hinted = Pick<Session, "user" | "sessionId" | "expiresAt" | "leagueId" | "leagueRole">;

/** The cookie that hints this session to the next page, for as long as its token lives. */
export function hintCookie(session: Hinted, now = Math.floor(Date.now() / 1000)): string {
  const { name, email, isOperator, linkedPlayerId, claimStatus } = session.user;
  const hint: Hint = {
    sid: session.sessionId,
    name,
    email,
    isOperator,
    linkedPlayerId,
    claimStatus,
    league: session.leagueId,
    role: session.leagueRole,
  };
  const value = encode(JSON.stringify(hint));
  const maxAge = Math.max(0, session.expiresAt - now);
  return `${HINT_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

/**
 * The cookies a login, a registration or a new password answers with: the session's, and
 * its hint, so even the first page after it reads the session in its own batch.
 */
export function signedInCookies(result: Hinted & { token: string; maxAge: number }): string[] {
  return [sessionCookie(result.token, result.maxAge), hintCookie(result)];
}

export const clearedHintCookie = () => `${HINT_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
