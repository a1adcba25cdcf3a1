import { z } from "zod";
import { PayPalError } from "./errors";

// Every PayPal call: a bearer token from the OAuth endpoint (cached), a timeout, and one
// typed error for anything that is not a 2xx.

export type Credentials = { apiBase: string; clientId: string; clientSecret: string };
export type Fetch = typeof fetch;

const TIMEOUT_MS = 10_000;
// Renew a little early so a token never expires between our check and PayPal's.
const EXPIRY_MARGIN_MS = 60_000;

const TokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

// Module-level so the requests one isolate serves share a token (PayPal's last ~9 h).
// Keyed by everything that decides the token, so another app or stand-in never gets it.
const tokens = new Map<string, { token: Promise<string>; value?: string; expiresAt: number }>();

const tokenKey = (c: Credentials) => `${c.apiBase}\n${c.clientId}\n${c.clientSecret}`;

export type PayPalResponse = { status: number; body: unknown };

async function send(fetchImpl: Fetch, url: string, init: RequestInit, what: string): Promise<PayPalResponse> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new PayPalError(0, timedOut ? "TIMEOUT" : "NETWORK_ERROR", null, `PayPal ${what}: ${timedOut ? "timed out" : "not reachable"}`);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return { status: res.status, body };
  const err = (body ?? {}) as { details?: { issue?: unknown }[]; error?: unknown; name?: unknown; debug_id?: unknown };
  const issue = [err.details?.[0]?.issue, err.error, err.name].find((v): v is string => typeof v === "string") ?? null;
  const debugId = typeof err.debug_id === "string" ? err.debug_id : res.headers.get("paypal-debug-id");
  throw new PayPalError(res.status, issue, debugId, `PayPal ${what}: ${res.status}${issue ? ` ${issue}` : ""}`);
}

async function fetchToken(c: Credentials, fetchImpl: Fetch): Promise<{ token: string; expiresAt: number }> {
  const res = await send(
    fetchImpl,
    `${c.apiBase}/v1/oauth2/token`,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${c.clientId}:${c.clientSecret}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: "grant_type=client_credentials",
    },
    "token",
  );
  const parsed = TokenSchema.safeParse(res.body);
  if (!parsed.success) throw new PayPalError(res.status, "MALFORMED_RESPONSE", null, "PayPal token: unexpected answer");
  return { token: parsed.data.access_token, expiresAt: Date.now() + parsed.data.expires_in * 1000 - EXPIRY_MARGIN_MS };
}

function accessToken(c: Credentials, fetchImpl: Fetch): Promise<string> {
  const key = tokenKey(c);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  // Concurrent callers share one token request; a failed one is forgotten at once.
  const pending = fetchToken(c, fetchImpl);
  const entry: { token: Promise<string>; value?: string; expiresAt: number } = {
    token: pending.then((t) => t.token),
    expiresAt: Number.POSITIVE_INFINITY,
  };
  tokens.set(key, entry);
  pending.then(
    (t) => {
      entry.value = t.token;
      entry.expiresAt = t.expiresAt;
    },
    () => {
      if (tokens.get(key) === entry) tokens.delete(key);
    },
  );
  return entry.token;
}

/** Forgets a token PayPal refused (revoked, or a local stand-in that restarted). */
function dropToken(c: Credentials, token: string) {
  const key = tokenKey(c);
  if (tokens.get(key)?.value === token) tokens.delete(key);
}

/**
 * An authenticated JSON call. `body` is sent as is (already JSON text). A 401 with a
 * cached token is retried once with a fresh one.
 */
export async function payPalRequest(
  c: Credentials,
  fetchImpl: Fetch,
  method: "GET" | "POST",
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<PayPalResponse> {
  for (let attempt = 0; ; attempt++) {
    const token = await accessToken(c, fetchImpl);
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: "application/json", ...options.headers };
    // Even a capture without a body: PayPal answers 415 to a POST without this type.
    if (method === "POST") headers["Content-Type"] = "application/json";
    try {
      return await send(fetchImpl, `${c.apiBase}${path}`, { method, headers, body: options.body }, `${method} ${path}`);
    } catch (error) {
      if (attempt === 0 && error instanceof PayPalError && error.status === 401) {
        dropToken(c, token);
        continue;
      }
      throw error;
    }
  }
}
