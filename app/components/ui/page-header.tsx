import type { ReactNode } from "react";

/** The top of every page: its one h1, an optional line under it, and the page's actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
  badge,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="font-display text-3xl font-semibold leading-tight tracking-wide text-ink sm:text-4xl">
          {title}
          {badge ? <span className="ml-3 inline-block align-middle">{badge}</span> : null}
        </h1>
        {subtitle ? <div className="mt-1 text-muted">{subtitle}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
