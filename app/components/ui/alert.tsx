import { type ReactNode, useState } from "react";

const tones = {
  error: "border-danger-200 bg-danger-50 text-danger-800",
  success: "border-brand-600/40 bg-brand-50 text-brand-900",
  info: "border-info-200 bg-info-50 text-info-800",
  warning: "border-warn-200 bg-warn-50 text-warn-800",
};

/**
 * A message in the flow of the page: the form's error, 'Profile updated successfully.',
 * 'Claim updated: approved.' Errors are announced at once (role alert); the others politely.
 */
export function Alert({
  tone = "error",
  title,
  children,
  onDismiss,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex items-start gap-3 rounded-lg border p-3 text-sm ${tones[tone]}`}>
      <div className="min-w-0 flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="-m-1 min-h-8 min-w-8 rounded px-2 font-semibold" aria-label="Dismiss">
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The outcome of a form post, or nothing: the error, or the success message. */
export function FormAlert({ message, tone = "error" }: { message?: string | null; tone?: "error" | "success" }) {
  if (!message) return null;
  return <Alert tone={tone}>{message}</Alert>;
}

/**
 * The inline status for the outcome of an action on a list ('Claim updated: rejected.'):
 * shown where the action was taken, announced politely, dismissible, and replaced by the
 * next outcome: a different message shows again after a dismissal.
 */
export function ActionStatus({ message, tone = "success" }: { message?: string | null; tone?: "error" | "success" }) {
  const [hidden, setHidden] = useState<string | null>(null);
  if (!message || hidden === message) return null;
  return (
    <Alert tone={tone} onDismiss={() => setHidden(message)}>
      {message}
    </Alert>
  );
}
