import { useActionData, useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxFormField } from "~/components/ui/form-field";
import { MAIL_OPTIN_INTENT, OPT_IN_LABEL } from "~/lib/accounts/mail-optin";

type Answer = { mailOptIn?: string; fieldErrors?: Record<string, string>; formError?: string };

/**
 * A league's mail setting (ADR 46: each league's are its own): a mail when registration
 * opens for a round. (Cards and waitlist places are kinds of message, chosen with the others
 * on the league's /preferences, ADR 49.) Posted to the league's /preferences (`action`): a fetcher form
 * with JavaScript (the page stays as it is); a plain post without it, whose answer comes back
 * as that page's action data.
 */
export function MailOptInForm({
  action,
  leagueName,
  enabled,
  email,
}: {
  action: string;
  leagueName: string;
  enabled: boolean;
  email: string;
}) {
  const fetcher = useFetcher<Answer>();
  const posted = useActionData() as Answer | undefined;
  // Without JavaScript the page's action data is this form's answer only when it says so.
  const answer = fetcher.data ?? (posted?.mailOptIn || posted?.fieldErrors?.notify ? posted : undefined);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="space-y-3" noValidate>
      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-2 font-display text-lg font-semibold tracking-wide">Mail</legend>
        <FormAlert tone="success" message={answer?.mailOptIn} />
        <FormAlert message={answer?.formError} />
        <input type="hidden" name="intent" value={MAIL_OPTIN_INTENT} />
        <CheckboxFormField
          // A fresh box when the stored setting changes (after a save, or on another device).
          key={String(enabled)}
          label={OPT_IN_LABEL}
          name="notify"
          defaultChecked={enabled}
          hint={`One mail per round of ${leagueName}, sent to ${email}. Each mail has a link to stop them.`}
          error={answer?.fieldErrors?.notify}
        />
      </fieldset>
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? "Saving…" : "Save mail setting"}
      </Button>
    </fetcher.Form>
  );
}
