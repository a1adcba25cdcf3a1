import type { ReactNode } from "react";

/** A white panel for one piece of content: a summary, a form, a list. */
export function Panel({
  title,
  titleId,
  actions,
  children,
  className = "",
  tone = "plain",
}: {
  title?: ReactNode;
  titleId?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** `highlight` for the one thing that matters most on a page (today's round, the ace pot). */
  tone?: "plain" | "highlight";
}) {
  const frame = tone === "highlight" ? "border-brand-600 bg-brand-50" : "border-line bg-surface";
  return (
    <section
      aria-labelledby={title && titleId ? titleId : undefined}
      className={`rounded-xl border p-4 shadow-sm sm:p-5 ${frame} ${className}`}
    >
      {title || actions ? (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title ? (
            <h2 id={titleId} className="font-display text-xl font-semibold tracking-wide">
              {title}
            </h2>
          ) : null}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Label/value pairs in a grid: a player's division, PDGA number, credit … */
export function Stats({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{item.label}</dt>
          <dd className="mt-0.5 break-words text-lg font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
