import { adminSubApp } from "./context";
import type { Caller } from "./context";
import { body } from "./validate";
import { gateOf, gatedFetch } from "~/.server/effect-gate";
import {
  type PayPalActor,
  type PayPalSettings,
  PAYPAL_CREDENTIAL_MESSAGES,
  leaguePayPalRow,
  payPalWebhookUrl,
  payPalSettingsOf,
  removePayPalCredentials,
  savePayPalCredentials,
  testPayPalConnection,
} from "~/.server/services/signup/league-paypal";
import { PayPalCredentialsSchema } from "~/schemas/paypal-credentials";

/** Who changes the league's PayPal: the caller, named as their session (read beside the change's reads) has it. */
const actorOf = (caller: Caller): PayPalActor => ({ id: caller.userId, name: caller.session.then((s) => s.user.name) });

/** The league's PayPal as the /api answers it: never the secret. */
export const payPalSettingsJson = (s: PayPalSettings | null) =>
  s
    ? {
        configured: true,
        client_id: s.clientId,
        environment: s.environment,
        secret_saved: s.secretSaved,
        connected: s.connected,
        connected_at: s.connectedAt,
        updated_at: s.updatedAt,
      }
    : { configured: false, connected: false };

/**
 * The league's own PayPal (ADR 47's `payPalCredentials`: the owner and the operator); mounted
 * in ./admin.ts behind the admin guard (./admin-access.ts).
 */
export const adminPayPalApi = adminSubApp()
  .get("/paypal", async (c) => c.json(payPalSettingsJson(payPalSettingsOf(await leaguePayPalRow(c.var.db)))))
  .put("/paypal", body(PayPalCredentialsSchema), async (c) => {
    const v = c.req.valid("json");
    const saved = await savePayPalCredentials(c.var.db, c.env, new URL(c.req.url).origin, actorOf(c.var.caller), {
      clientId: v.client_id,
      secret: v.secret,
      environment: v.environment,
    });
    return c.json({ success: true, message: PAYPAL_CREDENTIAL_MESSAGES.saved, ...payPalSettingsJson(saved) });
  })
  .delete("/paypal", async (c) => {
    const { removed } = await removePayPalCredentials(c.var.db, actorOf(c.var.caller));
    return c.json({ success: true, removed, message: PAYPAL_CREDENTIAL_MESSAGES.removed });
  })
  .post("/paypal/test", async (c) => {
    const origin = new URL(c.req.url).origin;
    const webhookUrl = payPalWebhookUrl(c.var.league, origin);
    const connected = await testPayPalConnection(c.var.db, c.env, origin, actorOf(c.var.caller), webhookUrl, gatedFetch(gateOf(c.env.DB)));
    return c.json({
      success: true,
      message: PAYPAL_CREDENTIAL_MESSAGES.connected,
      webhook_url: webhookUrl,
      ...payPalSettingsJson(connected),
    });
  });
