import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { FormField, SelectFormField } from "~/components/ui/form-field";
import type { SimplePlayer } from "~/.server/services/players/players";
import type { FormOutcome } from "~/lib/shared/form-data";

/**
 * The admin's 'Add Ace' modal (static — no backdrop click or Escape closes it):
 * Date, Player and Amount, all required. It stays open with its errors until the ace is
 * recorded, then reports to the page.
 */
export function AddAceDialog({ players, today, onAdded }: { players: SimplePlayer[]; today: string; onAdded: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormOutcome>();
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const added = fetcher.state === "idle" ? fetcher.data?.success : undefined;
  const reported = useRef<FormOutcome | undefined>(undefined);
  useEffect(() => {
    if (!added || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    setOpen(false);
    onAdded(added);
  }, [added, fetcher.data, onAdded]);
  return (
    <Dialog open={open} onOpenChange={setOpen} dismissible={false} title="Add Ace" trigger={<Button>Add Ace</Button>}>
      <fetcher.Form method="post" noValidate className="space-y-3">
        <input type="hidden" name="intent" value="addAce" />
        <FormAlert message={fetcher.data?.formError} />
        <FormField label="Date" name="date" type="date" required defaultValue={today} error={errors.date} />
        <SelectFormField label="Player" name="player" required defaultValue="" error={errors.player}>
          <option value="">Choose…</option>
          {players.map((p) => (
            <option key={p.id} value={p.id}>
              {p.lastName}, {p.firstName}
            </option>
          ))}
        </SelectFormField>
        <FormField label="Amount" name="amount" inputMode="decimal" required placeholder="25.00" error={errors.amount} />
        <DialogActions>
          <DialogCancel />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
