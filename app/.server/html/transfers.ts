import type { TransferRow } from "~/.server/services/transfers";
import { tdWrap } from "~/components/ui/table";
import { formatCents } from "~/lib/money";
import { formatDate } from "~/lib/time";
import { esc } from "./escape";
import { rowHtml, tableHtml } from "./table";

// A player page's transfers as HTML: the read-only form of TransferTable
// (app/components/transfer-table.tsx, which /transfers keeps for its delete controls), so the
// player page loads no code for it (issue 12's client budget). Keep the two looking alike.

const party = (id: number | null, name: string | null) =>
  id === null || name === null
    ? '<span class="inline-block py-0.5 text-muted">League</span>'
    : `<a href="/players/${id}" class="font-medium text-brand-800 hover:underline inline-block py-0.5">${esc(name)}</a>`;

export function transfersHtml(transfers: TransferRow[], caption: string, timeZone: string): string {
  const head = [
    { text: "Date" },
    { html: 'From <span aria-hidden="true">→</span><span class="sr-only">and</span> To' },
    { text: "Amount", num: true },
    { text: "Description", cls: "hidden sm:table-cell" },
  ];
  const rows = transfers.map((t) => {
    const note = t.description
      ? `<span class="mt-0.5 block whitespace-normal text-xs text-muted sm:hidden">${esc(t.description)}</span>`
      : "";
    const sides = `<span class="block sm:inline">${party(t.fromPlayerId, t.fromName)}</span><span class="block sm:ml-1 sm:inline"><span aria-hidden="true">→ </span><span class="sr-only">to </span>${party(t.toPlayerId, t.toName)}</span>${note}`;
    return rowHtml([
      { text: formatDate(t.d, timeZone), cls: "align-top" },
      { html: sides, cls: "align-top" },
      { text: formatCents(t.amtCents), num: true, cls: "align-top font-semibold" },
      // tdWrap, as in TransferTable: the description may wrap.
      { text: t.description, base: tdWrap, cls: "hidden align-top sm:table-cell" },
    ]);
  });
  return tableHtml(caption, head, rows.join(""));
}
