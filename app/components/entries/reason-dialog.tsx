import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogActions, DialogCancel } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { WITHDRAW_REASON } from "~/schemas/withdrawal";

// A button that asks first, with a reason (ADR 34): withdrawing a checked-in player, or
// marking one DNF. The reason goes in the audit log; the server checks it again. On the
// entries screen it posts to the route's action; on the night screen through its fetcher
// (`onSubmit`), whose answer shows under the row.

type Props = {
  trigger: string;
  triggerLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  intent: string;
  fields: Record<string, string | number>;
  reasonLabel: string;
  reasonHint?: string;
  reasonRequired: boolean;
  tone?: "primary" | "danger";
  /** The night screen's action: posts through its fetcher instead of the route's form. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
};

export function ReasonDialog({ tone = "primary", onSubmit, ...p }: Props) {
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    onSubmit?.(e);
    setOpen(false);
  };
  const body = (
    <>
      <input type="hidden" name="intent" value={p.intent} />
      {Object.entries(p.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormField
        label={p.reasonLabel}
        name="reason"
        hint={p.reasonHint}
        required={p.reasonRequired}
        minLength={WITHDRAW_REASON.min}
        maxLength={WITHDRAW_REASON.max}
        autoComplete="off"
      />
      <DialogActions>
        <DialogCancel />
        <Button type="submit" variant={tone}>
          {p.confirmLabel}
        </Button>
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={p.title}
      description={p.description}
      trigger={
        <Button variant={tone === "danger" ? "danger" : "secondary"} size="sm" aria-label={p.triggerLabel}>
          {p.trigger}
        </Button>
      }
    >
      {onSubmit ? (
        <form method="post" onSubmit={submit}>
          {body}
        </form>
      ) : (
        <Form method="post" onSubmit={submit}>
          {body}
        </Form>
      )}
    </Dialog>
  );
}
