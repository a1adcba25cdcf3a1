import { Link, useLocation } from "react-router";
import { type SortDir, type SortState, sortSearch } from "~/lib/shared/sort";
import { th } from "./table";

/**
 * A column header that sorts the table through the URL (`?sort=column&dir=asc`), so it
 * works without JavaScript and every sorted view is its own cacheable page. It carries
 * `aria-sort` when the table is sorted by it; a second click reverses the order.
 */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  firstDir = "asc",
  numeric = false,
}: {
  column: C;
  label: string;
  sort: SortState<C>;
  /** The order of the first click: names A→Z, numbers high→low. */
  firstDir?: SortDir;
  numeric?: boolean;
}) {
  const { search, pathname } = useLocation();
  const active = sort.column === column;
  const next: SortDir = active ? (sort.dir === "asc" ? "desc" : "asc") : firstDir;
  const arrow = active ? (sort.dir === "asc" ? "▲" : "▼") : "↕";
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
      className={`${th} ${numeric ? "text-right" : ""}`}
    >
      <Link
        to={{ pathname, search: sortSearch(search, column, next) }}
        preventScrollReset
        className={`inline-flex min-h-8 items-center gap-1 rounded hover:text-ink ${active ? "text-ink" : ""}`}
      >
        {label}
        <span aria-hidden="true" className={active ? "" : "opacity-40"}>
          {arrow}
        </span>
      </Link>
    </th>
  );
}
