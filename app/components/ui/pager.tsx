import { Link, useLocation } from "react-router";
import type { Page } from "~/lib/shared/paging";

/**
 * Newer and Older links for a paged list (?page=N, other query parameters kept), with where
 * we are; a list that is not by date names its links (`steps`, e.g. Previous and Next).
 */
export function Pager({ page, label, steps = ["Newer", "Older"] }: { page: Page; label: string; steps?: [string, string] }) {
  const { pathname, search } = useLocation();
  if (page.pages <= 1 && page.page === 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const link = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline-offset-2 hover:underline";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      {page.page > 1 ? (
        <Link to={to(page.page - 1)} className={link} rel="prev">
          ← {steps[0]}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted">
        Page {page.page} of {page.pages} ({page.total.toLocaleString("en-US")} in all)
      </span>
      {page.page < page.pages ? (
        <Link to={to(page.page + 1)} className={link} rel="next">
          {steps[1]} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
