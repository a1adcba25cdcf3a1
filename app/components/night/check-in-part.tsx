import { useFetcher } from "react-router";
import type { MyNight } from "~/.server/services/night/round-night";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { CheckboxFormField } from "~/components/ui/form-field";
import { useLeague } from "~/hooks/use-league";
import type { FormOutcome } from "~/lib/shared/form-data";
import { formatCents } from "~/lib/shared/money";
import { cardLine, windowState } from "~/lib/night/night";
import { formatTime, nowSeconds } from "~/lib/shared/time";

/**
 * The round page's league night for a signed-in player with an entry (ADR 25; loaded only
 * for them): checked in or not, the Check in button inside the window (with consent to
 * pay what is owed from credit when it covers it), and their card once published.
 */
export function CheckInPart({ round, night, balanceCents }: { round: { name: string }; night: MyNight; balanceCents: number }) {
  const fetcher = useFetcher<FormOutcome>();
  const { timeZone } = useLeague();
  const state = windowState(night.window, nowSeconds());
  const checkedIn = night.checkedInAt !== null;
  const owed = night.owedCents;
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <Panel title="League night" titleId="night-title" tone={checkedIn ? "highlight" : "plain"}>
      <div className="space-y-3">
        {night.card ? <p className="text-lg font-semibold">{cardLine(night.card, timeZone)}</p> : null}
        <p className="font-medium">
          {checkedIn
            ? `You are checked in (${formatTime(night.checkedInAt as number, timeZone)}).`
            : state === "before"
              ? `Check-in opens at ${formatTime(night.window.opensAt, timeZone)}, until the start at ${formatTime(night.window.closesAt, timeZone)}.`
              : state === "closed"
                ? "Check-in closed at the start. Ask an admin at the course."
                : "Check-in is open until the start."}
        </p>
        {answer?.success ? <Alert tone="success">{answer.success}</Alert> : null}
        {answer?.formError ? <Alert>{answer.formError}</Alert> : null}
        {state === "open" ? (
          <fetcher.Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value={checkedIn ? "undoCheckIn" : "checkIn"} />
            <input type="hidden" name="entry_id" value={night.entryId} />
            {!checkedIn && owed > 0 && balanceCents >= owed ? (
              <CheckboxFormField
                label={`Pay the ${formatCents(owed)} I owe from my credit (${formatCents(balanceCents)})`}
                name="use_credit"
                hint="Without it, pay the organiser at the course, then check in."
              />
            ) : null}
            {!checkedIn && owed > balanceCents ? (
              <p className="text-sm text-warn-800">
                You owe {formatCents(owed)} for {round.name}. Pay the organiser at the course.
              </p>
            ) : null}
            <Button type="submit" variant={checkedIn ? "secondary" : "primary"} disabled={busy || (!checkedIn && owed > balanceCents)}>
              {busy ? "Sending…" : checkedIn ? "Undo check-in" : "Check in"}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
    </Panel>
  );
}
