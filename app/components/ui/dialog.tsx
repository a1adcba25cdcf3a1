import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

/**
 * A modal dialog (Radix: focus trapped and returned to the trigger, Escape closes it,
 * labelled by its title and description). Controlled with `open`/`onOpenChange`, or
 * uncontrolled with a `trigger`. Forms go in `children`; their buttons in the footer.
 */
export function Dialog({
  trigger,
  title,
  description,
  children,
  open,
  onOpenChange,
  dismissible = true,
}: {
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** false: a static dialog that only its own buttons close (no Escape, no click outside). */
  dismissible?: boolean;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-brand-950/60" />
        <RadixDialog.Content
          // Without a description Radix wants it said explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
          {...(dismissible
            ? {}
            : { onEscapeKeyDown: (e: Event) => e.preventDefault(), onInteractOutside: (e: Event) => e.preventDefault() })}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-5 shadow-xl"
        >
          <RadixDialog.Title className="font-display text-2xl font-semibold tracking-wide">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-2 text-sm text-muted">{description}</RadixDialog.Description> : null}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dialog's Cancel: closes it and returns focus to what opened it. */
export function DialogCancel({ children = "Cancel" }: { children?: ReactNode }) {
  return (
    <RadixDialog.Close asChild>
      <Button variant="secondary">{children}</Button>
    </RadixDialog.Close>
  );
}

/** A dialog's footer: Cancel first, the dialog's action last (the right, where the thumb is). */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-5 flex flex-wrap justify-end gap-2">{children}</div>;
}

/**
 * A button that asks first: the dialog posts `intent` to the route's action, which
 * checks everything again. `danger` for destructive actions.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  intent,
  tone = "primary",
  disabled = false,
  fields = {},
  size = "md",
  triggerLabel,
}: {
  trigger: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  intent: string;
  tone?: Extract<ButtonVariant, "primary" | "danger">;
  disabled?: boolean;
  /** More hidden fields to post with the intent (the id of the row acted on). */
  fields?: Record<string, string | number>;
  size?: ButtonSize;
  /** The trigger's accessible name when its text is terse (an 'X'). */
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button variant={tone === "danger" ? "danger" : "secondary"} size={size} disabled={disabled} aria-label={triggerLabel}>
          {trigger}
        </Button>
      }
    >
      {/* Closing as it posts: the page shows the outcome, and focus returns to the trigger. */}
      <Form method="post" onSubmit={() => setOpen(false)}>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DialogActions>
          <DialogCancel />
          <Button type="submit" variant={tone}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
