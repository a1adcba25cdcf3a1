import { useState } from "react";
import { useFetcher } from "react-router";
import type { PlayEntry } from "~/.server/services/entries/entries-screen";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel, DialogDone } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import type { FormOutcome } from "~/lib/shared/form-data";
import { centsInput, formatCents } from "~/lib/shared/money";
import { MoreThanOwed } from "./void-cash";
import { newRequestKey } from "~/lib/money/request-key";

/**
 * Cash paid at the course for an entry (ADR 22): the amount (what is owed, to start with)
 * and a note. The dialog keeps its errors until the cash is recorded, then says so; the
 * page behind it already shows the entry as the server now holds it.
 */
export function CashDialog({ entry }: { entry: PlayEntry }) {
  const [open, setOpen] = useState(false);
  // Each opening is a fresh form: a new fetcher, not the last one's answer.
  const [opening, setOpening] = useState(0);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpening((n) => n + 1);
      }}
      title={`Cash from ${entry.name}`}
      description="Record cash paid at the course for this entry."
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Record cash for ${entry.name}`}>
          Cash
        </Button>
      }
    >
      <CashForm key={opening} entry={entry} />
    </Dialog>
  );
}

function CashForm({ entry }: { entry: PlayEntry }) {
  const fetcher = useFetcher<FormOutcome>();
  const [owed] = useState(entry.money.owedCents);
  // One key per opening of the form: a second tap of Record cash, or a retry, records it once (ADR 25).
  const [key] = useState(newRequestKey);
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const done = fetcher.state === "idle" ? fetcher.data?.success : undefined;
  if (done) return <DialogDone>{done}</DialogDone>;
  return (
    <fetcher.Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value="cash" />
      <input type="hidden" name="id" value={entry.id} />
      <input type="hidden" name="request_key" value={key} />
      <FormAlert message={fetcher.data?.formError} />
      <FormField
        label="Amount"
        name="amount"
        inputMode="decimal"
        defaultValue={owed > 0 ? centsInput(owed) : ""}
        hint={owed > 0 ? `The entry owes ${formatCents(owed)}.` : "The entry owes nothing."}
        error={errors.amount}
      />
      <MoreThanOwed />
      <FormField label="Note (optional)" name="note" maxLength={200} error={errors.note} />
      <DialogActions>
        <DialogCancel />
        <Button type="submit" disabled={busy}>
          {busy ? "Recording…" : "Record cash"}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
