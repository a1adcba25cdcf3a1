import type { NightCash } from "~/.server/services/night/night-cash";
import { Button } from "~/components/ui/button";
import { Stats } from "~/components/ui/panel";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import { formatDateLong, formatTime } from "~/lib/shared/time";

// The night's cash summary (ADR 38): what the cash taken tonight paid for, who recorded it,
// who still owes and the credit used, on the reports' definitions (they agree to the cent).
// It prints alone, on one page, for the volunteer who hands the cash in.

const th = "px-2 py-1 text-left font-medium print:py-0";
const td = "px-2 py-1 align-top print:py-0";

/** Prints the summary alone: the page marks the print, and unmarks it once done. */
function printCash() {
  const root = document.documentElement;
  root.dataset.print = "cash";
  window.addEventListener("afterprint", () => delete root.dataset.print, { once: true });
  window.print();
}

/** A titled list of names, each with an amount, or what an empty one means. */
function AmountList({
  id,
  title,
  rows,
  empty,
}: {
  id: string;
  title: string;
  rows: { key: string; name: string; cents: number }[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {rows.length ? (
        <ul className="text-sm">
          {rows.map((r) => (
            <li key={r.key} className="flex justify-between gap-2 border-b border-line py-1 print:py-0">
              <span>{r.name}</span>
              <span className="font-semibold tabular-nums">{formatCents(r.cents)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{empty}</p>
      )}
    </section>
  );
}

export function CashTonight({ roundName, startsAt, cash }: { roundName: string; startsAt: number; cash: NightCash }) {
  const { timeZone } = useLeague();
  const { split } = cash;
  const parts = [
    { label: "Entries", value: formatCents(split.entriesCents) },
    { label: "Side pots", value: formatCents(split.potsCents) },
    { label: "Above the price", value: formatCents(split.overCents) },
    { label: "Given back as credit", value: formatCents(split.backCents) },
    { label: "No entry", value: formatCents(split.noEntryCents) },
  ].filter((p, i) => i < 2 || p.value !== formatCents(0));
  return (
    <section
      id="cash"
      aria-labelledby="cash-title"
      data-print-cash
      className="scroll-mt-4 space-y-4 rounded-xl print:space-y-2 border border-line bg-surface p-4 shadow-sm print:border-0 print:p-0 print:text-[9pt] print:shadow-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="cash-title" className="font-display text-2xl font-semibold tracking-wide print:text-xl">
          Cash tonight
        </h2>
        <Button variant="secondary" className="print:hidden" onClick={printCash}>
          Print the cash summary
        </Button>
      </div>
      <p className="hidden text-sm print:block">
        {roundName} · {formatDateLong(startsAt, timeZone)}
      </p>
      {/* Compact on paper: forty records and the totals on one page. */}
      <div className="print:[&_dd]:text-sm print:[&_dl]:grid-cols-4 print:[&_dl]:gap-y-1">
        <Stats
          items={[
            { label: "Cash taken", value: formatCents(split.totalCents) },
            { label: "Credit used", value: formatCents(cash.creditUsedCents) },
            { label: "Still to collect", value: formatCents(cash.owedCents) },
            ...parts,
          ]}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <AmountList
          id="cash-by-title"
          title="Recorded by"
          rows={cash.byRecorder.map((r) => ({
            key: r.name,
            name: `${r.name} (${r.records === 1 ? "1 record" : `${r.records} records`})`,
            cents: r.cents,
          }))}
          empty="No cash recorded yet."
        />
        <AmountList
          id="cash-owes-title"
          title="Still owes"
          rows={cash.owing.map((o) => ({ key: o.name, name: o.name, cents: o.owedCents }))}
          empty="Nobody: every entry is paid."
        />
      </div>
      {cash.records.length ? (
        // On a 360 px phone the five columns scroll within their box, not the page: a region
        // named by the caption, focusable so a keyboard can scroll it (as ui/table.tsx's).
        <section
          aria-label="Cash records"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto print:overflow-visible"
        >
          <table className="w-full break-words text-sm print:text-[8pt] print:leading-tight">
            <caption className="text-left font-semibold">Cash records</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className={th}>
                  Player
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Cash
                </th>
                <th scope="col" className={th}>
                  Time
                </th>
                <th scope="col" className={th}>
                  Recorded by
                </th>
                <th scope="col" className={th}>
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {cash.records.map((r) => (
                <tr key={r.paymentId} className="border-b border-line">
                  <td className={td}>{r.playerName}</td>
                  <td className={`${td} text-right tabular-nums`}>
                    {r.voided ? <s>{formatCents(r.amountCents)}</s> : formatCents(r.amountCents)}
                  </td>
                  <td className={`${td} whitespace-nowrap`}>{formatTime(r.at, timeZone)}</td>
                  <td className={td}>{r.recordedBy}</td>
                  <td className={td}>
                    {r.voided ? `Voided by ${r.voided.by}: ${r.voided.reason}. ` : ""}
                    {r.note ?? ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {/* On paper only: the volunteer who hands the cash in signs for it. */}
      <p className="hidden pt-2 print:block">Counted by ____________________ · Handed to ____________________</p>
    </section>
  );
}
