// What the browser needs to take a PayPal payment: PayPal's own JS SDK (v6) with the
// app's public client id, or — on a developer's machine with no PayPal credentials — the
// local stand-in (scripts/paypal-standin), whose approve call plays PayPal's window.
export type PayPalCheckout =
  | { kind: "paypal"; clientId: string; environment: "sandbox" | "production" }
  | { kind: "standin"; origin: string };

/** Where PayPal's browser SDK and its windows come from (its documented CSP sources). */
export const PAYPAL_WEB_SOURCES = ["https://*.paypal.com", "https://*.paypalobjects.com"] as const;
