import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

/**
 * Buttons (docs/ui.md): primary for the one main action of a view, secondary for the
 * others, quiet for low-key actions inside rows and toolbars, danger for destructive
 * actions, which sit apart from the rest (see `ButtonRow`). Every size keeps a 44 px
 * touch target; `sm` is for dense table rows (≥ 32 px from 640 px, 44 px on a phone).
 */
export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger";
export type ButtonSize = "md" | "sm";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "border border-brand-700 bg-surface text-brand-800 hover:bg-brand-50",
  quiet: "text-brand-800 hover:bg-brand-50 underline-offset-2 hover:underline",
  danger: "bg-danger-700 text-white shadow-sm hover:bg-danger-800",
};
const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 py-2 text-sm",
  // A thumb's 44 px on a phone, where a table's rows stack; dense (32 px) from 640 px.
  sm: "min-h-11 px-3 py-1 text-sm sm:min-h-8",
};

export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
} = {}) {
  return `${base} ${variants[variant]} ${sizes[size]}${block ? " w-full" : ""}`;
}

type Look = { variant?: ButtonVariant; size?: ButtonSize; block?: boolean };

export function Button({ variant, size, block, className, type = "button", ...props }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={`${buttonClass({ variant, size, block })} ${className ?? ""}`} {...props} />;
}

/** A link that looks like a button: navigation, not an action. */
export function ButtonLink({ variant = "secondary", size, block, className, ...props }: Look & LinkProps) {
  return <Link className={`${buttonClass({ variant, size, block })} ${className ?? ""}`} {...props} />;
}

/**
 * A row of actions: the ordinary ones first, the destructive ones (`danger`) pushed to
 * the far end with a gap, so a slip of the finger does not delete.
 */
export function ButtonRow({ children, danger }: { children: React.ReactNode; danger?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      {danger ? <div className="ml-auto flex flex-wrap gap-2 pl-6">{danger}</div> : null}
    </div>
  );
}

/** A form's footer: Cancel (a link back) and the submit, which says so while it saves; `danger` apart at the end. */
export function SaveRow({
  cancelTo,
  busy,
  label = "Save",
  danger,
}: {
  cancelTo: string;
  busy: boolean;
  label?: string;
  danger?: React.ReactNode;
}) {
  return (
    <ButtonRow danger={danger}>
      <ButtonLink to={cancelTo}>Cancel</ButtonLink>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : label}
      </Button>
    </ButtonRow>
  );
}
