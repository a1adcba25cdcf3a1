import { useState } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { CheckboxFormField, FormField } from "~/components/ui/form-field";
import { useLeague } from "~/hooks/use-league";
import { REASON_MAX } from "~/lib/rainouts/messages";
import { cancelledLabel } from "~/lib/rainouts/words";
import type { FormOutcome } from "~/lib/shared/form-data";
import { wallParts } from "~/lib/shared/time";

// A round the weather stopped (ADR 50), on the night screen and the entries screen: cancel it
// (everything paid back as credit, everyone told), postpone it, end it early, or restore a
// cancelled one. Each posts its intent to the page's action through a fetcher: the answer
// shows here, and the page reloads what the server now holds.

export type RainOutRound = {
  id: number;
  name: string;
  startsAt: number;
  version: number;
  cancelledAt: number | null;
  cancelReason: string | null;
  endedEarlyAt: number | null;
};

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The panel's fetcher, held by the page: a cancel moves the panel to the top of the screen (a
 * new instance), and the answer must outlive the one that posted it.
 */
export const useRainOut = () => useFetcher<FormOutcome>();

export function RainOutPanel({
  round,
  endEarlyHoles,
  fetcher,
}: {
  round: RainOutRound;
  endEarlyHoles: number;
  fetcher: ReturnType<typeof useRainOut>;
}) {
  const { timeZone } = useLeague();
  const [open, setOpen] = useState<null | "cancel" | "postpone" | "end" | "restore">(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const busy = fetcher.state !== "idle";
  const at = wallParts(round.startsAt, timeZone);
  const outcome = answer?.success ? (
    <Alert tone="success">{answer.success}</Alert>
  ) : answer ? (
    <Alert tone="error">{answer.formError ?? Object.values(answer.fieldErrors ?? {})[0]}</Alert>
  ) : null;

  if (round.cancelledAt !== null) {
    return (
      <section aria-labelledby="rainout-title" className="space-y-3">
        <h2 id="rainout-title" className="font-display text-2xl font-semibold tracking-wide">
          Rain-out
        </h2>
        <Alert tone="warning" title={cancelledLabel(round.cancelReason)}>
          Everything paid for this round is back with its players as league credit. Its entries, cards and scores are kept, void, until you
          restore it.
        </Alert>
        {outcome}
        <Dialog
          open={open === "restore"}
          onOpenChange={(o) => setOpen(o ? "restore" : null)}
          title={`Restore ${round.name}?`}
          description="Exactly as it was before the cancel: its entries, cards and money count again, and the credit the cancel gave back is taken back. Refused if anything changed since."
          trigger={<Button disabled={busy}>Restore round</Button>}
        >
          <fetcher.Form method="post" onSubmit={() => setOpen(null)}>
            <input type="hidden" name="intent" value="restoreRound" />
            <DialogActions>
              <DialogCancel />
              <Button type="submit">Restore</Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
      </section>
    );
  }

  return (
    <section aria-labelledby="rainout-title" className="space-y-3">
      <h2 id="rainout-title" className="font-display text-2xl font-semibold tracking-wide">
        Rain-out
      </h2>
      <p className="text-sm text-slate-600">Weather stopping play? Call the round off, move it, or end it early.</p>
      {outcome}
      <div className="flex flex-wrap gap-2">
        <Dialog
          open={open === "cancel"}
          onOpenChange={(o) => setOpen(o ? "cancel" : null)}
          dismissible={false}
          title={`Cancel ${round.name}?`}
          description="Everything paid for it (entry, ace fee, side pots, from credit, PayPal or cash) goes back to each player as league credit, and every entered and waitlisted player is told. You can restore it while nothing has changed."
          trigger={
            <Button variant="danger" disabled={busy}>
              Cancel round…
            </Button>
          }
        >
          <fetcher.Form method="post" onSubmit={() => setOpen(null)} className="space-y-3">
            <input type="hidden" name="intent" value="cancelRound" />
            <FormField label="Reason (shown on the round's pages)" name="reason" defaultValue="weather" required maxLength={REASON_MAX} />
            <CheckboxFormField label="Aces hit in this round stand (paid from the pot without its fees)" name="aces_stand" />
            <DialogActions>
              <DialogCancel>Keep the round</DialogCancel>
              <Button type="submit" variant="danger">
                Cancel the round
              </Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
        <Dialog
          open={open === "postpone"}
          onOpenChange={(o) => setOpen(o ? "postpone" : null)}
          title={`Postpone ${round.name}`}
          description="Entries, cards and side pots stay; check-ins are cleared. Its players are told and may withdraw with everything back as credit until the new start."
          trigger={
            <Button variant="secondary" disabled={busy}>
              Postpone…
            </Button>
          }
        >
          <fetcher.Form method="post" onSubmit={() => setOpen(null)} className="space-y-3">
            <input type="hidden" name="intent" value="postponeRound" />
            <input type="hidden" name="version" value={round.version} />
            <FormField label="New date" name="date" type="date" required defaultValue={`${at.year}-${pad(at.month)}-${pad(at.day)}`} />
            <FormField label="New start time" name="time" type="time" required defaultValue={`${pad(at.hour)}:${pad(at.minute)}`} />
            <DialogActions>
              <DialogCancel />
              <Button type="submit">Postpone</Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
        {round.endedEarlyAt === null ? (
          <Dialog
            open={open === "end"}
            onOpenChange={(o) => setOpen(o ? "end" : null)}
            title={`End ${round.name} early?`}
            description={`Every card must have finished at least ${endEarlyHoles} holes. Each player's result is their score to par over the holes their card finished; payouts as usual. Otherwise cancel the round.`}
            trigger={
              <Button variant="secondary" disabled={busy}>
                End early…
              </Button>
            }
          >
            <fetcher.Form method="post" onSubmit={() => setOpen(null)}>
              <input type="hidden" name="intent" value="endEarly" />
              <DialogActions>
                <DialogCancel />
                <Button type="submit">End the round early</Button>
              </DialogActions>
            </fetcher.Form>
          </Dialog>
        ) : null}
      </div>
    </section>
  );
}
