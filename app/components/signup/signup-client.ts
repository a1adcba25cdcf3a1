import { useEffect, useRef, useState } from "react";
import type { OneTimePaymentSession } from "@paypal/paypal-js/sdk-v6";
import type { ErrorJson } from "../../../workers/api/errors";
import type { PayPalOrderJson, SignUpJson } from "../../../workers/api/serializers/entries";
import { errorWords } from "~/lib/shared/api-answers";
import type { PayPalCheckout } from "~/lib/signup/paypal-checkout";
import type { LeagueUrls } from "~/lib/shared/league-url";

// The browser's half of a sign-up. By credit: one call. By PayPal: ask our server for the
// order, let the payer approve it (PayPal's window, or the local stand-in's approve call),
// then ask our server to capture it. The server computes and checks every amount.

export type SignUpChoice = {
  playerId: number;
  roundId: number;
  division: string;
  ace: boolean;
  creditUsedCents: number;
  /** The side pots bought into with the entry. */
  sidePotIds: number[];
};

/** What the sign-up answered, in words the dialog shows. */
export type Outcome = { kind: "complete" } | { kind: "pending"; message: string } | { kind: "failed"; message: string };

export const CANCELLED = "PayPal payment cancelled";

/** A refusal from our server, with its words. */
export class SignUpRefused extends Error {}

/** `data`: the answer `T` when it went through, else the error envelope; any field may be missing (a proxy's answer). */
async function postJson<T>(url: string, body: unknown): Promise<{ res: Response; data: Partial<T & ErrorJson> }> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as Partial<T & ErrorJson>;
  return { res, data };
}

/** Step 1: our server creates the PayPal order for what credit leaves to pay. */
/** `apiUrl`: the /api of the league the page is in (ADR 46). */
export async function createOrder({ apiUrl }: Pick<LeagueUrls, "apiUrl">, choice: SignUpChoice): Promise<{ orderId: string }> {
  const { res, data } = await postJson<PayPalOrderJson>(apiUrl("/entries/paypal-order"), {
    round_id: choice.roundId,
    player_id: choice.playerId,
    division: choice.division,
    ace: choice.ace,
    credit_used: choice.creditUsedCents / 100,
    side_pots: choice.sidePotIds,
  });
  if (!res.ok || typeof data.orderID !== "string") throw new SignUpRefused(errorWords(data) ?? "Signup failed");
  return { orderId: data.orderID };
}

/**
 * The sign-up itself (POST /api/entries): paid by credit, or — step 2 of PayPal —
 * our server captures the approved order and enters the player.
 */
export async function submitSignUp({ apiUrl }: Pick<LeagueUrls, "apiUrl">, choice: SignUpChoice, orderId: string | null): Promise<Outcome> {
  try {
    const { res, data } = await postJson<SignUpJson>(apiUrl("/entries"), {
      ace: choice.ace,
      amount: 0,
      credit_used: choice.creditUsedCents / 100,
      division: choice.division,
      method: orderId ? "paypal" : "credit",
      payment_data: orderId ? { orderID: orderId } : null,
      player_id: choice.playerId,
      round_id: choice.roundId,
      score: 0,
      side_pots: choice.sidePotIds,
    });
    if (res.status === 202) return { kind: "pending", message: errorWords(data) ?? "PayPal has not completed the payment yet." };
    if (!res.ok) return { kind: "failed", message: errorWords(data) ? `Signup failed: ${errorWords(data)}` : "Signup failed" };
    return { kind: "complete" };
  } catch {
    return { kind: "failed", message: "Network error" };
  }
}

/** The local stand-in's approve call: what the payer does in PayPal's window. */
export async function approveInStandIn(origin: string, orderId: string): Promise<void> {
  const res = await fetch(`${origin}/standin/approve/${encodeURIComponent(orderId)}`, { method: "POST" });
  if (!res.ok) throw new Error(`the local PayPal stand-in answered ${res.status}`);
}

type SessionHandlers = { onApprove: (orderId: string) => Promise<void>; onCancel: () => void; onError: (message: string) => void };

/**
 * PayPal's JS SDK v6, loaded when the dialog needs it (never during server rendering):
 * a one-time payment session whose start() opens PayPal's window. `ready` is false until
 * PayPal says it can take this payment; `failure` says why it cannot.
 */
export function usePayPalSession(checkout: PayPalCheckout | null, active: boolean, handlers: SessionHandlers) {
  const [session, setSession] = useState<OneTimePaymentSession | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The latest handlers, so the session made once calls what the dialog renders now.
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!active || checkout?.kind !== "paypal" || session) return;
    let stale = false;
    (async () => {
      try {
        const { loadCoreSdkScript } = await import("@paypal/paypal-js/sdk-v6");
        const paypal = await loadCoreSdkScript({ environment: checkout.environment });
        if (!paypal) throw new Error("PayPal did not load");
        const sdk = await paypal.createInstance({ clientId: checkout.clientId, components: ["paypal-payments"], pageType: "checkout" });
        const methods = await sdk.findEligibleMethods({ currencyCode: "USD" });
        if (!methods.isEligible("paypal")) throw new Error("PayPal is not available for this payment");
        const made = sdk.createPayPalOneTimePaymentSession({
          onApprove: ({ orderId }) => latest.current.onApprove(orderId),
          onCancel: () => latest.current.onCancel(),
          onError: (error) => latest.current.onError(error.message || error.code),
        });
        if (!stale) setSession(made);
      } catch (error) {
        if (!stale) setFailure(`PayPal error: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
    return () => {
      stale = true;
    };
  }, [active, checkout, session]);

  return { session, failure };
}
