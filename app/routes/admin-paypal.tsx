import type { Route } from "./+types/admin-paypal";
import { PayPalSettingsPanel } from "~/components/signup/paypal-settings";
import { PageHeader } from "~/components/ui/page-header";
import { useFormResult } from "~/hooks/use-form-result";
import { pageMeta } from "~/lib/shared/meta";
import { requireCapability } from "~/.server/auth/guards";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { standInBase } from "~/.server/paypal/config";
import { credentialsKey } from "~/.server/paypal/sealed-secret";
import { gateOf, gatedFetch } from "~/.server/effect-gate";
import {
  PAYPAL_CREDENTIAL_MESSAGES,
  leaguePayPalRow,
  payPalWebhookUrl,
  payPalSettingsOf,
  removePayPalCredentials,
  savePayPalCredentials,
  testPayPalConnection,
} from "~/.server/services/signup/league-paypal";
import { PayPalFormSchema } from "~/schemas/paypal-credentials";

// The league's own PayPal (ADR 47's `payPalCredentials`: its owner and the operator): the
// REST app's client id and secret (sealed, never shown again), its environment, Test
// connection (which registers the league's webhook) and Remove. Until it is connected the
// league takes league credit and cash only (the default league: the deployment's PayPal).

export const meta: Route.MetaFunction = (args) => pageMeta(args, "PayPal");

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "payPalCredentials");
  const { db, env, league } = routeServices(context);
  const origin = new URL(request.url).origin;
  return {
    settings: payPalSettingsOf(await leaguePayPalRow(db)),
    keyReady: credentialsKey(env.PAYPAL_CREDENTIALS_KEY) !== null,
    standInAllowed: standInBase(env, origin) !== null,
    webhookUrl: payPalWebhookUrl(league, origin),
    isDefault: league.isDefault,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = requireCapability(context, request, "payPalCredentials");
  const { db, env, league } = routeServices(context);
  const origin = new URL(request.url).origin;
  const actor = { id: session.user.id, name: session.user.name };
  return handleForm(
    request,
    PayPalFormSchema,
    async (input) => {
      switch (input.intent) {
        case "save":
          await savePayPalCredentials(db, env, origin, actor, {
            clientId: input.client_id,
            secret: input.secret,
            environment: input.environment,
          });
          return { success: PAYPAL_CREDENTIAL_MESSAGES.saved };
        case "test":
          await testPayPalConnection(db, env, origin, actor, payPalWebhookUrl(league, origin), gatedFetch(gateOf(env.DB)));
          return { success: PAYPAL_CREDENTIAL_MESSAGES.connected };
        case "remove":
          await removePayPalCredentials(db, actor);
          return { success: PAYPAL_CREDENTIAL_MESSAGES.removed };
      }
    },
    { unexpected: "The PayPal settings could not be changed. Please try again." },
  );
}

export default function AdminPayPal({ loaderData }: Route.ComponentProps) {
  const { success, formError, fieldErrors } = useFormResult();
  return (
    <div className="max-w-3xl">
      <PageHeader title="PayPal" subtitle="Players' PayPal payments go straight into the league's own PayPal account." />
      <PayPalSettingsPanel {...loaderData} success={success} formError={formError} errors={fieldErrors} />
    </div>
  );
}
