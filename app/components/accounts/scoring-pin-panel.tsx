import { useActionData, useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField } from "~/components/ui/form-field";
import { SCORING_PIN_INTENT } from "~/schemas/scoring-pin";

type Answer = { scoringPin?: string; fieldErrors?: Record<string, string>; formError?: string };

/**
 * The profile's scoring PIN: 4 digits a cardmate types to confirm this player's total on
 * the course when they have no phone (ADR 26). Never shown back; the panel says whether one
 * is set. Setting one takes the current password; clearing it does not. A fetcher form
 * with JavaScript, a plain post without.
 */
export function ScoringPinPanel({ isSet }: { isSet: boolean }) {
  const fetcher = useFetcher<Answer>();
  const posted = useActionData() as Answer | undefined;
  const answer =
    fetcher.data ?? (posted?.scoringPin || posted?.fieldErrors?.pin || posted?.fieldErrors?.currentPassword ? posted : undefined);
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="Scoring PIN" titleId="scoring-pin-title">
      <fetcher.Form method="post" className="space-y-3" noValidate aria-labelledby="scoring-pin-title">
        <FormAlert tone="success" message={answer?.scoringPin} />
        <FormAlert message={answer?.formError} />
        <p className="text-sm text-muted">
          {isSet ? "You have a scoring PIN." : "You have no scoring PIN yet."} A cardmate types it to confirm your total when you play
          without your phone.
        </p>
        <input type="hidden" name="intent" value={SCORING_PIN_INTENT} />
        <FormField
          label={isSet ? "New 4-digit PIN" : "4-digit PIN"}
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          className="max-w-32"
          error={answer?.fieldErrors?.pin}
        />
        <FormField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint="Needed to set or change the PIN."
          className="max-w-xs"
          error={answer?.fieldErrors?.currentPassword}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="do" value="set" variant="secondary" disabled={busy}>
            {busy ? "Saving…" : "Save PIN"}
          </Button>
          {isSet ? (
            <Button type="submit" name="do" value="clear" variant="secondary" disabled={busy}>
              Clear PIN
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
    </Panel>
  );
}
