import { type InputHTMLAttributes, useId } from "react";

/** A labelled input with its error tied to it for screen readers. */
export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: React.ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded border border-slate-300 px-3 py-2 text-base aria-[invalid]:border-red-600"
        {...input}
      />
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ message, tone = "error" }: { message?: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  const cls = tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-brand-600 bg-brand-50 text-brand-800";
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded border p-3 text-sm ${cls}`}>
      {message}
    </p>
  );
}

export const primaryButton =
  "rounded bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
