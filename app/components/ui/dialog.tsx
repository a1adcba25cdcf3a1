import { Alert } from "./alert";
import {
  type ButtonHTMLAttributes,
  type ComponentType,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  use,
  useRef,
  useState,
} from "react";
import { Form } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { DialogLoadFailed, DialogPending } from "./dialog-fallbacks";
import type { DialogModalProps } from "./dialog-modal";

// Radix Dialog is ~14 KB gzipped, more than a page's own code: it is fetched when a dialog
// first opens (or the pointer or focus reaches a trigger), not with every page that has
// one (the client budget, ADR 24, scripts/check-budgets.mjs).
const loadModal = () => import("./dialog-modal");
const DialogModal = lazy<ComponentType<DialogModalProps>>(() => loadModal().catch(() => ({ default: DialogLoadFailed })));

const CloseDialog = createContext<() => void>(() => {});

type TriggerProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

/**
 * A modal dialog (Radix: focus trapped and returned to the trigger, Escape closes it,
 * labelled by its title and description). Controlled with `open`/`onOpenChange`, or
 * uncontrolled with a `trigger` (a button). Forms go in `children`; their buttons in the footer.
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
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  // Once opened, the modal stays mounted (closed), as Radix's Root would be.
  const [mounted, setMounted] = useState(isOpen);
  if (isOpen && !mounted) setMounted(true);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const preload = () => void loadModal().catch(() => {});
  const button = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger as ReactElement<TriggerProps>, {
        ref: triggerRef,
        "aria-haspopup": "dialog",
        "aria-expanded": isOpen,
        onPointerEnter: preload,
        onFocus: preload,
        onClick: (e) => {
          trigger.props.onClick?.(e);
          if (!e.defaultPrevented) change(true);
        },
      })
    : trigger;
  return (
    <>
      {button}
      {mounted ? (
        <Suspense fallback={isOpen ? <DialogPending /> : null}>
          <DialogModal
            open={isOpen}
            onOpenChange={change}
            triggerRef={triggerRef}
            title={title}
            description={description}
            dismissible={dismissible}
          >
            <CloseDialog value={() => change(false)}>{children}</CloseDialog>
          </DialogModal>
        </Suspense>
      ) : null}
    </>
  );
}

/** The dialog's Cancel: closes it and returns focus to what opened it. */
export function DialogCancel({ children = "Cancel" }: { children?: ReactNode }) {
  const close = use(CloseDialog);
  return (
    <Button variant="secondary" onClick={close}>
      {children}
    </Button>
  );
}

/** A dialog's form once done: what it did, and Close. */
export function DialogDone({ children }: { children: ReactNode }) {
  return (
    <>
      <Alert tone="success">{children}</Alert>
      <DialogActions>
        <DialogCancel>Close</DialogCancel>
      </DialogActions>
    </>
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
