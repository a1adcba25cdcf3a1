import { useState } from "react";
import { useFetcher } from "react-router";
import type { CashRecord } from "~/.server/services/money/round-money";
import { Alert, FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel, DialogDone } from "~/components/ui/dialog";
import { CheckboxFormField, FormField } from "~/components/ui/form-field";
import type { FormOutcome } from "~/lib/shared/form-data";
import { formatCents } from "~/lib/shared/money";

// A cash record entered by mistake (ADR 37), on the entries and night screens: voided with a
// reason, the audit log naming who; and the cash forms' "more than owed", without which cash
// above what an entry owes is refused.

export function MoreThanOwed() {
  return (
    <CheckboxFormField
      label="More than owed"
      name="more_than_owed"
      hint="Record it even above what the entry owes: the books check then lists the entry to sort out."
    />
  );
}

/** Each of the entry's cash records, with Void beside it. */
export function CashRecords({ name, cash }: { name: string; cash: CashRecord[] }) {
  if (cash.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1" aria-label={`${name}'s cash records`}>
      {cash.map((c) => (
        <li key={c.paymentId} className="flex flex-wrap items-center gap-2 text-xs">
          <span>
            Cash {formatCents(c.amountCents)} <span className="text-muted">#{c.paymentId}</span>
          </span>
          <VoidCashDialog name={name} record={c} />
        </li>
      ))}
    </ul>
  );
}

export function VoidCashDialog({ name, record, label = "Void" }: { name: string; record: CashRecord; label?: string }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const money = formatCents(record.amountCents);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setOpening((n) => n + 1);
      }}
      title={`Void ${money} of cash from ${name}?`}
      description="For a cash record entered by mistake: it no longer pays for the entry, and no credit is made."
      trigger={
        <Button size="sm" variant="secondary" aria-label={`${label}: ${money} cash record #${record.paymentId} of ${name}`}>
          {label}
        </Button>
      }
    >
      <VoidForm key={opening} record={record} />
    </Dialog>
  );
}

/** One fetcher for every void: the record and its dialog go once it is voided, and the page says so (VoidCashOutcome). */
const VOID_FETCHER = "void-cash";

/** What the last void answered, where the page keeps it: the voided record's row is gone by then. */
export function VoidCashOutcome() {
  const fetcher = useFetcher<FormOutcome>({ key: VOID_FETCHER });
  return fetcher.state === "idle" && fetcher.data?.success ? <Alert tone="success">{fetcher.data.success}</Alert> : null;
}

function VoidForm({ record }: { record: CashRecord }) {
  const fetcher = useFetcher<FormOutcome>({ key: VOID_FETCHER });
  const errors = fetcher.data?.fieldErrors ?? {};
  const busy = fetcher.state !== "idle";
  const done = fetcher.state === "idle" ? fetcher.data?.success : undefined;
  if (done) return <DialogDone>{done}</DialogDone>;
  return (
    <fetcher.Form method="post" noValidate className="space-y-3">
      <input type="hidden" name="intent" value="voidCash" />
      <input type="hidden" name="payment" value={record.paymentId} />
      <FormAlert message={fetcher.data?.formError} />
      <FormField label="Why is it void?" name="reason" maxLength={200} required error={errors.reason} />
      <DialogActions>
        <DialogCancel />
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Voiding…" : "Void cash record"}
        </Button>
      </DialogActions>
    </fetcher.Form>
  );
}
