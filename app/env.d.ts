// Secrets are not in wrangler.toml, so `wrangler types` cannot see them in CI.
declare namespace Cloudflare {
  interface Env {
    SESSION_SECRET: string;
    PAYPAL_CLIENT_ID?: string;
    PAYPAL_CLIENT_SECRET?: string;
    PAYPAL_WEBHOOK_ID?: string;
  }
}
