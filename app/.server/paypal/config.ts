import { servedLocally } from "~/.server/app-url";
import { type PayPal, type PayPalConfig, payPalClient } from "./client";
import { credentialsKey, unsealSecret } from "./sealed-secret";
import type { PayPalCheckout, PayPalEnvironment } from "~/lib/signup/paypal-checkout";
import { gateOf, gatedFetch } from "~/.server/effect-gate";

// Which PayPal a request talks to. A league that connected its own PayPal REST app (the
// owner's PayPal page, table league_paypal) takes payments into its own account. Else the
// default league takes them as a one-league deployment always has: with the deployment's
// credentials, PayPal itself (PAYPAL_API_BASE, sandbox by default); without them, and only
// when served on this machine, the local stand-in (scripts/paypal-standin), which listens on
// the app's port + STANDIN_PORT_OFFSET and accepts the fixed credentials below. Any other
// league: no PayPal at all (league credit and cash only).

export const SANDBOX_API_BASE = "https://api-m.sandbox.paypal.com";
export const LIVE_API_BASE = "https://api-m.paypal.com";
/** A league's api_base for the local stand-in: its address is the app's port + the offset, found per request. */
export const STANDIN_API_BASE = "local-standin";
export const STANDIN_PORT_OFFSET = 1000;
// Not secrets: they only open the stand-in, which exists only on a developer's machine.
// scripts/paypal-standin/standin.ts has the same values (a test keeps them equal): its
// merchant A, the default league's when served locally.
export const STANDIN_CREDENTIALS = {
  clientId: "local-standin-client",
  clientSecret: "local-standin-secret",
  webhookId: "local-standin-webhook",
} as const;

/** What a league's api_base is for each environment of the owner's PayPal page. */
export const API_BASES: Record<PayPalEnvironment, string> = {
  sandbox: SANDBOX_API_BASE,
  live: LIVE_API_BASE,
  standin: STANDIN_API_BASE,
};

export const environmentOf = (apiBase: string): PayPalEnvironment =>
  apiBase === LIVE_API_BASE ? "live" : apiBase === STANDIN_API_BASE ? "standin" : "sandbox";

// Not Pick<Env>: wrangler types APP_URL as its literal local value.
export type PayPalEnv = {
  APP_URL: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_API_BASE?: string;
  /** Seals each league's PayPal secret (./sealed-secret.ts); without it no league's own PayPal is used. */
  PAYPAL_CREDENTIALS_KEY?: string;
  /** The request's D1 binding: its calls to PayPal wait for the request's guard (ADR 42). */
  DB?: D1Database;
};

/** What the choice needs of the request's league. */
export type PayPalLeague = { id: number; isDefault: boolean };

/**
 * PayPal's sources for a league page that offered none itself. A page reached by a link in
 * the browser keeps the CSP of the document the visit started on (the home page, then a
 * round's sign-up dialog), so every league page allows what any league's dialog may use:
 * PayPal's own hosts, and the stand-in's when served on this machine. No read is needed.
 */
export function anyLeaguePayPal(env: Pick<PayPalEnv, "APP_URL">, requestOrigin: string): PayPalCheckout[] {
  const standin = standInBase(env, requestOrigin);
  const paypal: PayPalCheckout = { kind: "paypal", clientId: "", environment: "sandbox" };
  return standin ? [paypal, { kind: "standin", origin: standin }] : [paypal];
}

/** A league's own PayPal, as its league_paypal row holds it (the secret sealed). */
export type LeaguePayPalRow = { apiBase: string; clientId: string; secretSealed: string; webhookId: string | null };

/** The stand-in's address for a request to `requestOrigin`: only when served on this machine. */
export function standInBase(env: Pick<PayPalEnv, "APP_URL">, requestOrigin: string): string | null {
  if (!servedLocally(env.APP_URL, requestOrigin)) return null;
  const served = new URL(requestOrigin);
  const appPort = Number(served.port || (served.protocol === "https:" ? 443 : 80));
  // 127.0.0.1, where the stand-in listens: "localhost" may resolve to ::1 first.
  return `http://127.0.0.1:${appPort + STANDIN_PORT_OFFSET}`;
}

/** Where a league's stored api_base points for this request; null for the stand-in when not served locally. */
export const apiBaseFor = (env: Pick<PayPalEnv, "APP_URL">, requestOrigin: string, stored: string): string | null =>
  stored === STANDIN_API_BASE ? standInBase(env, requestOrigin) : stored.replace(/\/+$/, "");

/** The deployment's own PayPal (env credentials, else the stand-in when served locally); null when it has none. */
export function payPalConfig(env: PayPalEnv, requestOrigin: string): PayPalConfig | null {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    return {
      apiBase: (env.PAYPAL_API_BASE || SANDBOX_API_BASE).replace(/\/+$/, ""),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    };
  }
  const base = standInBase(env, requestOrigin);
  return base ? { apiBase: base, ...STANDIN_CREDENTIALS } : null;
}

/**
 * Whose PayPal a league's request uses: the league's own once connected (its row has a
 * webhook id), else the deployment's for the default league only, else none.
 */
export function payPalSource(league: PayPalLeague, row: LeaguePayPalRow | null | undefined): "league" | "deployment" | null {
  if (row?.webhookId) return "league";
  return league.isDefault ? "deployment" : null;
}

/**
 * The PayPal a request in `league` uses (sign-up, capture, refunds, the webhook): see
 * payPalSource. `row` is the league's league_paypal row, read by the caller beside its own
 * reads (one trip, ADR 41). A connected row that cannot be opened (no key on this deployment,
 * a key changed since) is no PayPal, said once in the log without the secret.
 */
export async function leaguePayPalConfig(
  env: PayPalEnv,
  requestOrigin: string,
  league: PayPalLeague,
  row: LeaguePayPalRow | null | undefined,
): Promise<PayPalConfig | null> {
  const source = payPalSource(league, row);
  if (source === "deployment") return payPalConfig(env, requestOrigin);
  if (source === null || !row?.webhookId) return null;
  const apiBase = apiBaseFor(env, requestOrigin, row.apiBase);
  if (!apiBase) return null;
  const key = credentialsKey(env.PAYPAL_CREDENTIALS_KEY);
  if (!key) {
    console.error(`League ${league.id} has its own PayPal but PAYPAL_CREDENTIALS_KEY is missing or weak: no PayPal`);
    return null;
  }
  const clientSecret = await unsealSecret(await key, league.id, row.secretSealed);
  if (clientSecret === null) {
    console.error(`League ${league.id}'s PayPal secret cannot be opened with this deployment's key: no PayPal`);
    return null;
  }
  return { apiBase, clientId: row.clientId, clientSecret, webhookId: row.webhookId };
}

/** A PayPal client for a config, its calls waiting for the request's guard (ADR 42). */
export const payPalOf = (env: PayPalEnv, config: PayPalConfig | null): PayPal | null =>
  config ? payPalClient(config, gatedFetch(gateOf(env.DB))) : null;

/** The PayPal client a request in `league` uses, or null when the league takes no PayPal. */
export async function payPalFor(
  env: PayPalEnv,
  requestOrigin: string,
  league: PayPalLeague,
  row: LeaguePayPalRow | null | undefined,
): Promise<PayPal | null> {
  return payPalOf(env, await leaguePayPalConfig(env, requestOrigin, league, row));
}

const checkoutOf = (apiBase: string, clientId: string, standin: boolean): PayPalCheckout =>
  standin
    ? { kind: "standin", origin: apiBase }
    : { kind: "paypal", clientId, environment: apiBase === LIVE_API_BASE ? "production" : "sandbox" };

/**
 * What the sign-up dialog uses to take a PayPal payment in `league` (by the same choice as
 * leaguePayPalConfig, without opening the secret: the browser needs the client id only);
 * null when the league takes no PayPal.
 */
export function payPalCheckout(
  env: PayPalEnv,
  requestOrigin: string,
  league: PayPalLeague,
  row: LeaguePayPalRow | null | undefined,
): PayPalCheckout | null {
  const source = payPalSource(league, row);
  if (source === "league" && row) {
    const apiBase = apiBaseFor(env, requestOrigin, row.apiBase);
    return apiBase ? checkoutOf(apiBase, row.clientId, row.apiBase === STANDIN_API_BASE) : null;
  }
  if (source !== "deployment") return null;
  const config = payPalConfig(env, requestOrigin);
  if (!config) return null;
  const standin = config.clientId === STANDIN_CREDENTIALS.clientId && config.apiBase.startsWith("http://127.0.0.1:");
  return checkoutOf(config.apiBase, config.clientId, standin);
}
