import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import { assertUsableSecret } from "./session-secret";
import { base64url } from "~/lib/shared/base64url";
import { nowSeconds } from "~/lib/shared/time";

// Sessions are HS256 JWTs (algorithm pinned on verify) in an HttpOnly cookie, also
// accepted as a Bearer token by the /api. `sv` ties a token to the user's session
// version, so lock, password change and "log out everywhere" end every live session at
// once; `sid` names this one session, so logging out revokes just it (ADR 6).

export const USER_SESSION_SECONDS = 24 * 60 * 60;
export const ADMIN_SESSION_SECONDS = 72 * 60 * 60;
// __Host-: the browser only accepts it Secure, for Path=/ and without a Domain, so a
// sibling subdomain can neither plant nor overwrite it.
export const SESSION_COOKIE = "__Host-session";

/**
 * How the session was opened: "admin" at /admin/login (a 72 h session), "user" elsewhere. It
 * decides the lifetime and grants nothing: roles are read from the rows (ADR 47).
 */
export type LoginKind = "user" | "admin";

const ClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  role: z.enum(["user", "admin"]),
  sv: z.number().int().nonnegative(),
  sid: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  iat: z.number(),
  exp: z.number(),
});

export type SessionClaims = { userId: number; role: LoginKind; sessionVersion: number; sessionId: string; exp: number };

type Keys = { SESSION_SECRET: string; SESSION_SECRET_PREVIOUS?: string };

const encoder = new TextEncoder();

/** A short, stable id for a secret, so a rotated key can still verify older tokens. */
async function keyId(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(secret));
  return [...new Uint8Array(digest).slice(0, 6)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

type SigningKey = { key: CryptoKey; kid: string };
const signingKeys = new Map<string, Promise<SigningKey>>();

/**
 * The secret's HMAC key and id, made once per isolate (a signed-in request used to import
 * the key and hash the secret for its id on every verification). Throws, as a rejection,
 * for a secret that cannot be used.
 */
function signingKey(secret: string | undefined): Promise<SigningKey> {
  const usable = assertUsableSecret(secret);
  let key = signingKeys.get(usable);
  if (!key) {
    key = Promise.all([
      crypto.subtle.importKey("raw", encoder.encode(usable), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
      keyId(usable),
    ]).then(([cryptoKey, kid]) => ({ key: cryptoKey, kid }));
    signingKeys.set(usable, key);
  }
  return key;
}

/** A new session's id: 128 random bits, base64url. */
function newSessionId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(16)));
}

export async function signSession(
  env: Keys,
  user: { id: number; sessionVersion: number },
  role: LoginKind,
  maxAge: number = role === "admin" ? ADMIN_SESSION_SECONDS : USER_SESSION_SECONDS,
  now = nowSeconds(),
): Promise<{ token: string; maxAge: number; sessionId: string; expiresAt: number }> {
  const { key, kid } = await signingKey(env.SESSION_SECRET);
  const sessionId = newSessionId();
  const token = await new SignJWT({ role, sv: user.sessionVersion, sid: sessionId })
    .setProtectedHeader({ alg: "HS256", kid })
    .setSubject(String(user.id))
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .sign(key);
  return { token, maxAge, sessionId, expiresAt: now + maxAge };
}

/** The token's claims, or null for anything forged, expired, malformed or signed with another alg. */
export async function verifySession(env: Keys, token: string): Promise<SessionClaims | null> {
  const candidates = [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS].filter((s): s is string => !!s);
  assertUsableSecret(env.SESSION_SECRET);
  for (const secret of candidates) {
    try {
      const { key, kid } = await signingKey(secret);
      const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ["HS256"] });
      if (protectedHeader.kid !== kid) continue;
      const claims = ClaimsSchema.safeParse(payload);
      if (!claims.success) return null;
      return {
        userId: Number(claims.data.sub),
        role: claims.data.role,
        sessionVersion: claims.data.sv,
        sessionId: claims.data.sid,
        exp: claims.data.exp,
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return null;
      // Wrong key or bad signature: try the previous key, if any.
    }
  }
  return null;
}

export function sessionCookie(token: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The value of the request's cookie `name`; null when it is absent or empty. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

export const readSessionCookie = (request: Request): string | null => readCookie(request, SESSION_COOKIE);

/** The bearer token of an API request, else the session cookie. */
export function readToken(request: Request): { token: string; via: "bearer" | "cookie" } | null {
  const auth = request.headers.get("Authorization");
  const bearer = auth?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = readSessionCookie(request);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The verified claims of the request's bearer token or session cookie (no I/O), or null. */
export async function requestClaims(env: Keys, request: Request): Promise<SessionClaims | null> {
  const found = readToken(request);
  return found ? verifySession(env, found.token) : null;
}
