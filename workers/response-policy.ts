import { hasCredentials } from "./api/cache";
import { PAYPAL_WEB_SOURCES, type PayPalCheckout } from "~/lib/signup/paypal-checkout";

// One place for the headers every response of the Worker carries: caching, CSP and the
// other security headers. Static assets never reach the Worker; public/_headers gives
// them the same security headers and a year of immutable caching.

/** 128 random bits for this request's CSP nonce. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type PolicyOptions = { dev: boolean; payPal?: PayPalCheckout | readonly PayPalCheckout[] | null };

/**
 * PayPal's sources where the sign-up dialog may use them: PayPal's SDK script, its calls,
 * windows and images when PayPal is configured; locally without it, only the stand-in's
 * approve call (connect).
 */
function payPalSources(payPal: PayPalCheckout | readonly PayPalCheckout[] | null | undefined): { web: string; connect: string } {
  if (Array.isArray(payPal)) {
    const each = payPal.map((p) => payPalSources(p));
    const join = (k: "web" | "connect") => [...new Set(each.flatMap((e) => e[k].split(" ").filter(Boolean)))].map((x) => ` ${x}`).join("");
    return { web: join("web"), connect: join("connect") };
  }
  if (!payPal || !("kind" in payPal)) return { web: "", connect: "" };
  if (payPal.kind === "standin") return { web: "", connect: ` ${payPal.origin}` };
  const web = ` ${PAYPAL_WEB_SOURCES.join(" ")}`;
  return { web, connect: web };
}

export function contentSecurityPolicy(nonce: string, opts: PolicyOptions & { https: boolean }): string {
  const paypal = payPalSources(opts.payPal);
  return [
    "default-src 'self'",
    // React Router's and React's inline scripts carry the nonce; modules come from us.
    `script-src 'self' 'nonce-${nonce}'${paypal.web}`,
    // The build links one stylesheet; the only <style> tag is Radix Dialog's scroll lock,
    // which takes the nonce (root.tsx). Vite's dev server injects <style> tags of its own.
    opts.dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'${paypal.web}`,
    `img-src 'self' data:${paypal.web}`,
    "font-src 'self'",
    ...(paypal.web ? [`frame-src 'self'${paypal.web}`] : []),
    `${opts.dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'"}${paypal.connect}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()";

/** Whether a response says `public` itself, is a 2xx, and sets no cookie: a shared cache may store it. */
export function isStorable(response: Response): boolean {
  const cc = response.headers.get("Cache-Control") ?? "";
  return /(^|,)\s*public\s*(,|$)/i.test(cc) && response.ok && !response.headers.has("Set-Cookie");
}

/**
 * Public only when storable and answering a request without credentials. Everything
 * else — documents, .data requests, redirects, errors, API answers — is private.
 */
const isDeliberatelyPublic = (request: Request, response: Response) => isStorable(response) && !hasCredentials(request);

/** The response with the app's caching and security headers set. */
export function applyResponsePolicy(request: Request, response: Response, nonce: string, opts: PolicyOptions): Response {
  // Responses from fetch() or the assets binding have immutable headers: copy once.
  const out = new Response(response.body, response);
  const h = out.headers;
  if (!isDeliberatelyPublic(request, out)) {
    h.set("Cache-Control", "private, no-store");
    h.delete("Cache-Tag");
  }
  const https = new URL(request.url).protocol === "https:";
  h.set("Content-Security-Policy", contentSecurityPolicy(nonce, { ...opts, https }));
  h.set("X-Content-Type-Options", "nosniff");
  h.set("X-Frame-Options", "DENY");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (https) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return out;
}
