import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";

const buttonBase = "rounded px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60";
const tones = {
  default: "bg-brand-700 text-white hover:bg-brand-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
};

/**
 * A button that asks first: the dialog (focus trapped, Escape and Cancel close it,
 * labelled by its title and description) posts `intent` to the route's action.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  intent,
  tone = "default",
  disabled = false,
}: {
  trigger: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  intent: string;
  tone?: keyof typeof tones;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={`${buttonBase} ${tones[tone]}`} disabled={disabled}>
          {trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          {/* Closing as it posts: the page shows the outcome, and focus returns to the trigger. */}
          <Form method="post" className="mt-5 flex flex-wrap justify-end gap-2" onSubmit={() => setOpen(false)}>
            <input type="hidden" name="intent" value={intent} />
            <Dialog.Close asChild>
              <button type="button" className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}>
                Cancel
              </button>
            </Dialog.Close>
            <button type="submit" className={`${buttonBase} ${tones[tone]}`}>
              {confirmLabel}
            </button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
