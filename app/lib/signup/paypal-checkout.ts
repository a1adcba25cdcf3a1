// What the browser needs to take a PayPal payment: PayPal's own JS SDK (v6) with the
// app's public client id, or — on a developer's machine with no PayPal credentials — the
// local stand-in (scripts/paypal-standin), whose approve call plays PayPal's window.
export type PayPalCheckout =
  | { kind: "paypal"; clientId: string; environment: "sandbox" | "production" }
  | { kind: "standin"; origin: string };

/** Where PayPal's browser SDK and its windows come from (its documented CSP sources). */
export const PAYPAL_WEB_SOURCES = ["https://*.paypal.com", "https://*.paypalobjects.com"] as const;

/** What the sign-up dialog (and the /api's refusal of a PayPal order) says in a league without PayPal. */
export const NO_PAYPAL_MESSAGE = "This league takes league credit and cash only: no PayPal.";

/**
 * Where a league's own PayPal REST app lives (the owner's PayPal page): PayPal's sandbox or
 * live, or — only on a developer's machine — the local stand-in (scripts/paypal-standin).
 * The table's api_base, the zod enum and the form's choices read this list.
 */
export const PAYPAL_ENVIRONMENTS = ["sandbox", "live", "standin"] as const;
export type PayPalEnvironment = (typeof PAYPAL_ENVIRONMENTS)[number];

export const PAYPAL_ENVIRONMENT_LABELS: Record<PayPalEnvironment, string> = {
  sandbox: "Sandbox (test payments)",
  live: "Live (real money)",
  standin: "Local stand-in",
};
