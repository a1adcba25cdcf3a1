import { td, tdNum, th } from "~/components/ui/table";
import { esc } from "./escape";

// DataTable's markup (app/components/ui/table.tsx) for tables built on the server: the same
// region named by the caption, focusable for keyboard scrolling, with the scroll-cue shadow
// and the pinned first column. Only the "Scroll sideways" line, which needs measuring, is left out.

/** A cell: its text (escaped) or, with `html`, markup already built; `num` aligns it right; `base` replaces the kit's cell class. */
export type Cell = { text?: string | number; html?: string; num?: boolean; cls?: string; base?: string };

const cell = (tag: "th" | "td", c: Cell) =>
  `<${tag}${tag === "th" ? ' scope="col"' : ""} class="${c.base ?? (tag === "th" ? th : c.num ? tdNum : td)}${c.num && tag === "th" ? " text-right" : ""}${c.cls ? ` ${c.cls}` : ""}">${c.html ?? esc(c.text ?? "")}</${tag}>`;

/** One body row. */
export const rowHtml = (cells: Cell[]) => `<tr>${cells.map((c) => cell("td", c)).join("")}</tr>`;

/** GroupRow's markup: a division heading a group inside the table, with its detail line. */
export const groupRowHtml = (colSpan: number, title: string, detail: string) =>
  `<tr><th colspan="${colSpan}" scope="colgroup" class="border-b border-line bg-brand-50 px-2 py-2 text-left sm:px-3"><span class="font-display text-lg font-semibold tracking-wide text-brand-900">${esc(title)}</span><span class="ml-2 text-xs font-normal text-muted">${esc(detail)}</span></th></tr>`;

/** The table, its head cells (or head row markup) and its body rows (from rowHtml, groupRowHtml). */
export function tableHtml(caption: string, head: Cell[] | string, body: string, pinFirst = false, maxHeight = false): string {
  const region = `scroll-cue overflow-x-auto rounded-xl border border-line shadow-sm${maxHeight ? " max-h-[75dvh] overflow-y-auto" : ""}${pinFirst ? " pin-first" : ""}`;
  return (
    `<div><section aria-label="${esc(caption)}" tabindex="0" class="${region}">` +
    `<table class="min-w-full border-separate border-spacing-0 text-left text-sm"><caption class="sr-only">${esc(caption)}</caption>` +
    `<thead class="text-xs uppercase tracking-wide text-muted"><tr>${typeof head === "string" ? head : head.map((c) => cell("th", c)).join("")}</tr></thead>` +
    `<tbody>${body}</tbody></table></section></div>`
  );
}
