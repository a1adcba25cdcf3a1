import { servedLocally } from "~/.server/app-url";
import { type PayPal, type PayPalConfig, payPalClient } from "./client";
import type { PayPalCheckout } from "~/lib/signup/paypal-checkout";
import { gateOf, gatedFetch } from "~/.server/effect-gate";

// Which PayPal the app talks to. With credentials: PayPal itself (PAYPAL_API_BASE, sandbox
// by default). Without them, and only when served on this machine: the local stand-in
// (scripts/paypal-standin), which listens on the app's port + STANDIN_PORT_OFFSET and
// accepts the fixed credentials below. Deployed without credentials: no PayPal at all.

export const SANDBOX_API_BASE = "https://api-m.sandbox.paypal.com";
export const LIVE_API_BASE = "https://api-m.paypal.com";
export const STANDIN_PORT_OFFSET = 1000;
// Not secrets: they only open the stand-in, which exists only on a developer's machine.
// scripts/paypal-standin/standin.ts has the same values (a test keeps them equal).
export const STANDIN_CREDENTIALS = {
  clientId: "local-standin-client",
  clientSecret: "local-standin-secret",
  webhookId: "local-standin-webhook",
} as const;

// Not Pick<Env>: wrangler types APP_URL as its literal local value.
type PayPalEnv = {
  APP_URL: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  PAYPAL_API_BASE?: string;
  /** The request's D1 binding: its calls to PayPal wait for the request's guard (ADR 42). */
  DB?: D1Database;
};

/** The PayPal to use for a request made to `requestOrigin`; null when PayPal is not configured. */
export function payPalConfig(env: PayPalEnv, requestOrigin: string): PayPalConfig | null {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID) {
    return {
      apiBase: (env.PAYPAL_API_BASE || SANDBOX_API_BASE).replace(/\/+$/, ""),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    };
  }
  if (!servedLocally(env.APP_URL, requestOrigin)) return null;
  const served = new URL(requestOrigin);
  const appPort = Number(served.port || (served.protocol === "https:" ? 443 : 80));
  // 127.0.0.1, where the stand-in listens: "localhost" may resolve to ::1 first.
  return { apiBase: `http://127.0.0.1:${appPort + STANDIN_PORT_OFFSET}`, ...STANDIN_CREDENTIALS };
}

/** The PayPal client for a request made to `requestOrigin`, or null when PayPal is not configured. */
export function payPalFor(env: PayPalEnv, requestOrigin: string): PayPal | null {
  const config = payPalConfig(env, requestOrigin);
  return config ? payPalClient(config, gatedFetch(gateOf(env.DB))) : null;
}

/** What the sign-up dialog uses to take a PayPal payment for a request to `requestOrigin`; null without PayPal. */
export function payPalCheckout(env: PayPalEnv, requestOrigin: string): PayPalCheckout | null {
  const config = payPalConfig(env, requestOrigin);
  if (!config) return null;
  if (config.clientId === STANDIN_CREDENTIALS.clientId && config.apiBase.startsWith("http://127.0.0.1:")) {
    return { kind: "standin", origin: config.apiBase };
  }
  return { kind: "paypal", clientId: config.clientId, environment: config.apiBase === LIVE_API_BASE ? "production" : "sandbox" };
}
