import { useState } from "react";
import { NightResult, useNightAction } from "../night/night-action";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { SelectFormField } from "~/components/ui/form-field";
import { CHOICES } from "~/lib/settings/league-settings";

/**
 * "Make cards" from who is checked in: the mode and start chosen again each time (the
 * league's settings to start with). Making them again replaces the cards below, so it asks
 * first; published cards then come down until they are published again.
 */
export function MakeCards({
  version,
  mode,
  start,
  hasCards,
  published,
  checkedIn,
  byTeams = false,
}: {
  /** A doubles round whose teams are drawn (ADR 31): the teams are the cards' units, two a card. */
  byTeams?: boolean;
  version: number;
  mode: string;
  start: string;
  hasCards: boolean;
  published: boolean;
  checkedIn: number;
}) {
  const action = useNightAction();
  const [confirming, setConfirming] = useState(false);
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    setConfirming(false);
    action.onSubmit(e);
  };
  return (
    <Panel title="Make cards" titleId="make-cards-title" className="print:hidden">
      <form method="post" onSubmit={submit} className="space-y-3" aria-labelledby="make-cards-title">
        <input type="hidden" name="intent" value="makeCards" />
        <input type="hidden" name="version" value={version} />
        <p className="text-sm text-muted">
          From the {checkedIn} checked-in {checkedIn === 1 ? "player" : "players"}.
        </p>
        {byTeams ? (
          <>
            <input type="hidden" name="mode" value={mode} />
            <p className="text-sm text-muted">The drawn teams make the scorecards: two teams a scorecard, partners together.</p>
          </>
        ) : (
          <SelectFormField label="Mode" name="mode" defaultValue={mode} key={`mode-${mode}`}>
            {CHOICES.cardMode.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectFormField>
        )}
        <SelectFormField label={CHOICES.cardStart.label} name="start" defaultValue={start} key={`start-${start}`}>
          {CHOICES.cardStart.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectFormField>
        <NightResult action={action} />
        {hasCards && !confirming ? (
          <Button variant="secondary" onClick={() => setConfirming(true)} disabled={action.busy}>
            Make cards again
          </Button>
        ) : (
          <div className="space-y-2">
            {hasCards ? (
              <p className="text-sm font-medium text-warn-800">
                This replaces the scorecards below{published ? " and takes the published scorecards down until you publish again" : ""}.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={action.busy || checkedIn === 0}>
                {action.busy ? "Making cards…" : hasCards ? "Replace the cards" : "Make cards"}
              </Button>
              {confirming ? (
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  Keep the cards
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </form>
    </Panel>
  );
}
