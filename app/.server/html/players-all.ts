import { type PlayerColumn, firstDir } from "~/lib/player-columns";
import type { PlayerListRow } from "~/lib/players-table";
import { type SortState, sortSearch } from "~/lib/sort";
import { th } from "~/components/ui/table";
import { formatCents } from "~/lib/money";
import { esc } from "./escape";
import { tableHtml } from "./table";

// The /players-all table as HTML (issue 12's client budget): its sort headers are plain links
// (?sort=&dir=, as SortHeader makes them) and its cells carry no classes, styled once by the
// page's `leanCells`, which keeps 100 rows small.

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

const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));
const INACTIVE =
  '<span class="block sm:ml-1.5 sm:inline"><span class="inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-sans text-xs font-semibold tracking-normal ring-1 ring-inset bg-slate-100 text-slate-700 ring-slate-300">Inactive</span></span>';

type Row = PlayerListRow & { inactive: boolean };

/** The sort headers (SortHeader's markup) for the URL's `search` and the current sort. */
function head(search: string, pathname: string, sort: SortState<PlayerColumn>): string {
  return columns
    .map((c) => {
      const active = sort.column === c.column;
      const next = active ? (sort.dir === "asc" ? "desc" : "asc") : firstDir(c.column);
      const arrow = active ? (sort.dir === "asc" ? "▲" : "▼") : "↕";
      const ariaSort = active ? ` aria-sort="${sort.dir === "asc" ? "ascending" : "descending"}"` : "";
      const href = pathname + sortSearch(search, c.column, next);
      return `<th scope="col"${ariaSort} class="${th}${c.numeric ? " text-right" : ""}"><a href="${esc(href)}" class="inline-flex min-h-8 items-center gap-1 rounded hover:text-ink${active ? " text-ink" : ""}">${esc(c.label)}<span aria-hidden="true"${active ? "" : ' class="opacity-40"'}>${arrow}</span></a></th>`;
    })
    .join("");
}

export function playersAllHtml(rows: Row[], url: URL, sort: SortState<PlayerColumn>): string {
  const body = rows
    .map(
      (p) =>
        `<tr><td><a href="/players/${p.id}">${esc(`${p.firstName} ${p.lastName}`)}</a>${p.inactive ? INACTIVE : ""}</td><td>${esc(formatCents(p.balanceCents))}</td><td>${avg(p.average)}</td><td>${avg(p.thisYearAverage)}</td><td>${p.roundCount}</td><td>${p.roundCountYear}</td><td>${esc(p.division)}</td></tr>`,
    )
    .join("");
  return tableHtml("All players", head(url.search, url.pathname, sort), body, true, true);
}
