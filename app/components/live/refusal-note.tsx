import type { ReactNode } from "react";
import type { Refusal } from "./use-live-round";

// The server's refusal of a scoring action, shown beside the control that made it (ADR 26,
// "The phone"): a wrong PIN under its Sign button, a refused stroke under its player's row.

/** A control's refusals, keyed by the control (app/lib/live/live-scoring.ts controlKey). */
export type Refusals = ReadonlyMap<string, Refusal>;

export function RefusalNote({
  id,
  refusal,
  onDismiss,
  children,
}: {
  id?: string;
  refusal: Refusal;
  onDismiss: (refusal: Refusal) => void;
  /** What leads the message (the hole and player, when the control is not on screen). */
  children?: ReactNode;
}) {
  return (
    <div
      id={id}
      role="alert"
      className="mt-2 flex items-start gap-2 rounded-md border border-danger-200 bg-danger-50 px-2 text-sm font-medium text-danger-800"
    >
      <p className="min-w-0 flex-1 py-2">
        {children}
        {refusal.error}
      </p>
      <button type="button" onClick={() => onDismiss(refusal)} className="min-h-11 min-w-11 rounded font-semibold" aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}
