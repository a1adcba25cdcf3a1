import type { PayPalSettings } from "~/.server/services/signup/league-paypal";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button, ButtonRow } from "~/components/ui/button";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import { Panel } from "~/components/ui/panel";
import { useLeague } from "~/hooks/use-league";
import { formatDateTime } from "~/lib/shared/time";
import { NO_PAYPAL_MESSAGE, PAYPAL_ENVIRONMENT_LABELS, PAYPAL_ENVIRONMENTS } from "~/lib/signup/paypal-checkout";

/** What the owner sees of the league's PayPal: never the secret. */
export type PayPalSettingsView = PayPalSettings;

type Props = {
  settings: PayPalSettingsView | null;
  keyReady: boolean;
  standInAllowed: boolean;
  webhookUrl: string;
  isDefault: boolean;
  success: string | null;
  formError: string | null;
  errors: Record<string, string>;
};

/** The league's PayPal: what is saved and connected, the credentials form, Test connection and Remove. */
export function PayPalSettingsPanel({ settings, keyReady, standInAllowed, webhookUrl, isDefault, success, formError, errors }: Props) {
  const { timeZone } = useLeague();
  const busy = useNavigation().state !== "idle";
  const environments = PAYPAL_ENVIRONMENTS.filter((e) => e !== "standin" || standInAllowed || settings?.environment === "standin");
  return (
    <div className="space-y-4">
      <FormAlert message={formError} />
      <FormAlert tone="success" message={success} />
      <Panel title="Now" titleId="paypal-now">
        {settings ? (
          <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            <dt className="font-medium">Client id</dt>
            <dd className="break-all font-mono">{settings.clientId}</dd>
            <dt className="font-medium">Secret</dt>
            <dd>secret saved</dd>
            <dt className="font-medium">Environment</dt>
            <dd>{PAYPAL_ENVIRONMENT_LABELS[settings.environment]}</dd>
            <dt className="font-medium">Connection</dt>
            <dd>
              {settings.connected && settings.connectedAt !== null
                ? `Connected ${formatDateTime(settings.connectedAt, timeZone)}`
                : "Not connected yet: test the connection before players can pay with PayPal."}
            </dd>
          </dl>
        ) : (
          <p className="text-sm">
            {isDefault
              ? "No PayPal of the league's own: payments go to the deployment's PayPal, if it has one."
              : `No PayPal yet. ${NO_PAYPAL_MESSAGE}`}
          </p>
        )}
        {settings ? (
          <Form method="post" className="mt-4">
            <ButtonRow
              danger={
                <Button type="submit" name="intent" value="remove" variant="danger" disabled={busy}>
                  Remove
                </Button>
              }
            >
              <Button type="submit" name="intent" value="test" disabled={busy || !keyReady}>
                {busy ? "Working…" : "Test connection"}
              </Button>
            </ButtonRow>
            <p className="mt-2 text-xs text-muted">Test connection registers the league's webhook at {webhookUrl}.</p>
          </Form>
        ) : null}
      </Panel>
      <Panel title={settings ? "New credentials" : "Connect PayPal"} titleId="paypal-form">
        {!keyReady ? (
          <p className="mb-3 text-sm font-medium text-danger-700">
            PayPal credentials cannot be saved on this deployment yet: its operator must set PAYPAL_CREDENTIALS_KEY first.
          </p>
        ) : null}
        {/* Made anew after each save (its time is the key): the typed secret does not linger in the field. */}
        <Form key={settings?.updatedAt ?? 0} method="post" className="space-y-3" noValidate autoComplete="off">
          <input type="hidden" name="intent" value="save" />
          <FormField label="Client id" name="client_id" required error={errors.client_id} autoComplete="off" spellCheck={false} />
          <FormField
            label="Secret"
            name="secret"
            type="password"
            required
            error={errors.secret}
            autoComplete="new-password"
            hint={settings ? "The saved secret is never shown: type it again to change the credentials." : undefined}
          />
          <SelectFormField
            label="Environment"
            name="environment"
            defaultValue={settings?.environment ?? "sandbox"}
            error={errors.environment}
          >
            {environments.map((e) => (
              <option key={e} value={e}>
                {PAYPAL_ENVIRONMENT_LABELS[e]}
              </option>
            ))}
          </SelectFormField>
          <Button type="submit" disabled={busy || !keyReady}>
            {busy ? "Saving…" : "Save"}
          </Button>
        </Form>
      </Panel>
    </div>
  );
}
