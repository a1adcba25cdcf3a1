import { type PlayerColumn, firstDir } from "~/lib/player-columns";
import type { Page } from "~/lib/paging";
import { type SortState, sortSearch } from "~/lib/sort";
import { th } from "~/components/ui/table";
import { esc } from "./escape";

// /players-all's sort headers and pager as HTML (issue 12's client budget): the markup of
// SortHeader (app/components/ui/sort-header.tsx) and Pager (app/components/ui/pager.tsx),
// plain links to ?sort=&dir= and ?page=, which work without JavaScript as before. The rows
// stay client-rendered: as HTML in the page's data they would double the page's size.

// The key numbers come right after the name, so a phone shows them beside the pinned name.
const columns: { column: PlayerColumn; label: string; numeric: boolean }[] = [
  { column: "name", label: "Name", numeric: false },
  { column: "balance", label: "Balance", numeric: true },
  { column: "average", label: "Average", numeric: true },
  { column: "currentAvg", label: "Current avg", numeric: true },
  { column: "rounds", label: "Rounds", numeric: true },
  { column: "thisYear", label: "This year", numeric: true },
  { column: "division", label: "Division", numeric: false },
];

/** The head row's cells: each column's link sorts by it (a second click reverses), with aria-sort on the sorted one. */
export function sortHeadHtml(url: URL, sort: SortState<PlayerColumn>): string {
  return columns
    .map((c) => {
      const active = sort.column === c.column;
      const next = active ? (sort.dir === "asc" ? "desc" : "asc") : firstDir(c.column);
      const arrow = active ? (sort.dir === "asc" ? "▲" : "▼") : "↕";
      const ariaSort = active ? ` aria-sort="${sort.dir === "asc" ? "ascending" : "descending"}"` : "";
      const href = url.pathname + sortSearch(url.search, c.column, next);
      return `<th scope="col"${ariaSort} class="${th}${c.numeric ? " text-right" : ""}"><a href="${esc(href)}" data-keep-scroll class="inline-flex min-h-8 items-center gap-1 rounded hover:text-ink${active ? " text-ink" : ""}">${esc(c.label)}<span aria-hidden="true"${active ? "" : ' class="opacity-40"'}>${arrow}</span></a></th>`;
    })
    .join("");
}

/** Previous and Next links (?page=N, other parameters kept) with where we are; nothing for a single page. */
export function pagerHtml(url: URL, page: Page, label: string, steps: [string, string]): string {
  if (page.pages <= 1 && page.page === 1) return "";
  const to = (n: number) => {
    const params = new URLSearchParams(url.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const query = params.toString();
    return esc(query ? `${url.pathname}?${query}` : url.pathname);
  };
  const link = "inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline-offset-2 hover:underline";
  const prev = page.page > 1 ? `<a href="${to(page.page - 1)}" class="${link}" rel="prev">← ${esc(steps[0])}</a>` : "<span></span>";
  const next =
    page.page < page.pages ? `<a href="${to(page.page + 1)}" class="${link}" rel="next">${esc(steps[1])} →</a>` : "<span></span>";
  return `<nav aria-label="${esc(label)}" class="flex flex-wrap items-center justify-between gap-2 text-sm">${prev}<span class="text-muted">Page ${page.page} of ${page.pages} (${page.total.toLocaleString("en-US")} in all)</span>${next}</nav>`;
}
