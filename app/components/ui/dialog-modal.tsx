import * as RadixDialog from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import type { ReactNode, RefObject } from "react";

// Radix Dialog's scroll lock adds a <style> tag; it takes the page's CSP nonce, which the
// browser keeps on the server-rendered scripts' `nonce` property. Set here, where Radix
// is first loaded (this module is only fetched when a dialog opens: ./dialog.tsx).
setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

export type DialogModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus returns there when it closes. */
  triggerRef: RefObject<HTMLElement | null>;
  title: ReactNode;
  description?: ReactNode;
  dismissible: boolean;
  children?: ReactNode;
};

/**
 * The modal itself (Radix: focus trapped, Escape and a click outside close it, labelled by
 * its title and description). Its trigger lives in ./dialog.tsx, outside Radix, so a page
 * renders and hydrates without this module.
 */
export default function DialogModal({ open, onOpenChange, triggerRef, title, description, dismissible, children }: DialogModalProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-brand-950/60" />
        <RadixDialog.Content
          // Without a description Radix wants it said explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
          {...(dismissible
            ? {}
            : { onEscapeKeyDown: (e: Event) => e.preventDefault(), onInteractOutside: (e: Event) => e.preventDefault() })}
          // React bubbles events through the component tree, portal or not: a form in the
          // dialog must not also submit a form around its trigger (the entries editor).
          onSubmit={(e) => e.stopPropagation()}
          onCloseAutoFocus={(e) => {
            // Radix returns focus to its own Trigger; ours is outside it.
            if (!triggerRef.current) return;
            e.preventDefault();
            triggerRef.current.focus();
          }}
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
