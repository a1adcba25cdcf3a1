import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A data table that stays readable at 360 px and scrolls with the page, never inside a
 * box of its own height. Two ways to fit a phone:
 * - `stack`: under 640 px each row is a stacked block, its first cell across the top and every
 *   other cell under its label (the cell's `data-label`, its column's name; a cell with
 *   `stackWide` spans the block). Every control of a row is then on screen: use it for any
 *   table whose rows hold actions, inputs or money a phone must show. `stack="dense"`
 *   makes three narrower columns a block, each input filling its column (an editor's rows).
 * - otherwise the first column (the name) can be pinned while the rest scrolls sideways,
 *   with a shadow at the edge that still has columns and a "Scroll for more" line while it
 *   does. Keep the key number (score, amount) the second column so it is on screen beside
 *   the name. For read-only tables compared across columns (results, standings).
 * Rows are <tr>s built with the cell classes below; `GroupRow` heads a group (a division)
 * inside the one table so columns line up.
 */
export function DataTable({
  caption,
  head,
  children,
  foot,
  pinFirst = false,
  stack = false,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  /** Rows after the body (totals). */
  foot?: ReactNode;
  /** Pin the first column while the others scroll. */
  pinFirst?: boolean;
  /** Under 640 px, each row a block of labelled cells (`data-label`); "dense": three columns a block. */
  stack?: boolean | "dense";
}) {
  const frame = useRef<HTMLElement>(null);
  const overflows = useOverflow(frame);
  return (
    <div>
      {/* A region named by the caption, focusable so keyboard users can scroll it. */}
      <section
        ref={frame}
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className={`scroll-cue overflow-x-auto rounded-xl border border-line shadow-sm ${pinFirst ? "pin-first" : ""} ${stack ? "stack-rows" : ""} ${stack === "dense" ? "stack-dense" : ""}`}
      >
        <table className="min-w-full border-separate border-spacing-0 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs uppercase tracking-wide text-muted">{head}</thead>
          <tbody>{children}</tbody>
          {foot ? <tfoot>{foot}</tfoot> : null}
        </table>
      </section>
      {overflows ? (
        <p aria-hidden="true" className="mt-1 text-right text-xs text-muted">
          Scroll sideways for more →
        </p>
      ) : null}
    </div>
  );
}

/** Whether the element is wider inside than out (it scrolls sideways), kept current on resize. */
function useOverflow(ref: React.RefObject<HTMLElement | null>) {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

// Cell classes: every cell has a bottom rule (separate borders keep sticky cells opaque).
const cell = "border-b border-line px-2 py-2.5 whitespace-nowrap sm:px-3";
export const th = `${cell} sticky top-0 z-10 bg-slate-100 font-semibold`;
export const td = cell;
export const tdNum = `${cell} text-right tabular-nums`;
/** Cells of a totals row in the table's foot: bold, on the header's grey. */
export const tf = `${cell} border-t border-slate-300 bg-slate-100 font-semibold`;
export const tfNum = `${tf} text-right tabular-nums`;
/** A cell whose text may wrap (descriptions, notes); in a stacked row it spans the block. */
export const tdWrap = "stack-wide border-b border-line px-2 py-2.5 min-w-48 sm:px-3";
/** Added to a cell's class: in a stacked row it spans the block (a row's actions, a long value). */
export const stackWide = "stack-wide";

/** A column of `HeadRow`: its label, or the label with `num` (right-aligned, for a number column) and classes of its own. */
export type HeadColumn = string | { label: ReactNode; num?: boolean; className?: string };

/** The head row of a table whose headers only name their columns (sorting ones are `SortHeader`s). */
export function HeadRow({ columns }: { columns: HeadColumn[] }) {
  return (
    <tr>
      {columns.map((column, i) => {
        const c = typeof column === "string" ? { label: column } : column;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed; a label may be markup.
          <th key={i} scope="col" className={`${th}${c.num ? " text-right" : ""}${c.className ? ` ${c.className}` : ""}`}>
            {c.label}
          </th>
        );
      })}
    </tr>
  );
}

/** A row that heads a group inside the table: the division, with a line under it (the winner). */
export function GroupRow({ colSpan, title, detail }: { colSpan: number; title: ReactNode; detail?: ReactNode }) {
  return (
    <tr>
      <th colSpan={colSpan} scope="colgroup" className="border-b border-line bg-brand-50 px-2 py-2 text-left sm:px-3">
        <span className="font-display text-lg font-semibold tracking-wide text-brand-900">{title}</span>
        {detail ? <span className="ml-2 text-xs font-normal text-muted">{detail}</span> : null}
      </th>
    </tr>
  );
}

// SortHeader is in ./sort-header.tsx: only /players-all sorts, and the others need not load it.
