// Secrets are not in wrangler.toml, so `wrangler types` cannot see them in CI.
interface LeagueSecrets {
  SESSION_SECRET: string;
  // The key before the last rotation: tokens it signed stay valid until they expire.
  SESSION_SECRET_PREVIOUS?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
  // https://api-m.sandbox.paypal.com (the default) or https://api-m.paypal.com (live).
  PAYPAL_API_BASE?: string;
  // Seals each league's own PayPal secret (≥ 32 random bytes, base64url): without it no
  // league can save or use PayPal credentials of its own (app/.server/paypal/sealed-secret.ts).
  PAYPAL_CREDENTIALS_KEY?: string;
  // The VAPID pair push messages are signed with (ADR 49, app/.server/push/config.ts):
  // without both, notifications are off.
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}
interface Env extends LeagueSecrets {}
declare namespace Cloudflare {
  interface Env extends LeagueSecrets {}
}
