import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { DataTable, td, tdNum, tf, tfNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import { REPORT_COLUMNS, type ReportSums, type RoundReport, type SeasonReport } from "~/lib/money/report";
import type { ReportTable } from "~/lib/money/report-csv";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// The money report's two tables: the same columns, per round and per
// season, each closed by its totals and downloadable as CSV.

// The cell classes of table.tsx's td, but wrapping (td never wraps).
const roundCell = "border-b border-line px-2 py-2 min-w-28 max-w-44 font-normal sm:max-w-64 sm:px-3";

const cellText = (row: ReportSums, key: keyof ReportSums, money: boolean) => (money ? formatCents(row[key]) : String(row[key]));

function SumCells({ row, numClass }: { row: ReportSums; numClass: string }) {
  return REPORT_COLUMNS.map(({ key, money }) => (
    <td key={key} className={numClass}>
      {cellText(row, key, money)}
    </td>
  ));
}

function ReportTableFrame({
  id,
  title,
  table,
  first,
  totals,
  children,
  note,
}: {
  id: string;
  title: string;
  table: ReportTable;
  first: string;
  totals: ReportSums;
  children: ReactNode;
  note?: ReactNode;
}) {
  const { href } = useLeagueUrls();
  return (
    // Not a second region: DataTable's scroll frame is already the region the caption names.
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="font-display text-2xl font-semibold tracking-wide">
          {title}
        </h2>
        {/* A plain link: the file comes from a resource route, not a page the router renders. */}
        <a href={href(`/admin/reports.csv?table=${table}`)} download className={buttonClass({ variant: "secondary", size: "sm" })}>
          Download CSV<span className="sr-only"> ({title.toLowerCase()})</span>
        </a>
      </div>
      <DataTable
        caption={title}
        pinFirst
        head={
          <tr>
            <th scope="col" className={th}>
              {first}
            </th>
            {REPORT_COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={`${th} text-right`}>
                {c.label}
              </th>
            ))}
          </tr>
        }
        foot={
          <tr>
            <th scope="row" className={tf}>
              Total
            </th>
            <SumCells row={totals} numClass={tfNum} />
          </tr>
        }
      >
        {children}
      </DataTable>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </div>
  );
}

export function RoundsReportTable({ rounds, totals, note }: { rounds: RoundReport[]; totals: ReportSums; note?: ReactNode }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  return (
    <ReportTableFrame id="per-round" title="Per round" table="rounds" first="Round" totals={totals} note={note}>
      {rounds.map((r) => (
        <tr key={r.id}>
          {/* Date over name keeps the pinned column narrow on a phone; long names wrap. */}
          <th scope="row" className={roundCell}>
            <span className="block text-xs tabular-nums text-muted">{date(r.startsAt)}</span>
            <Link to={href(`/admin/round/play/${r.id}`)} className="font-medium text-brand-800 hover:underline">
              {r.name}
            </Link>
          </th>
          <SumCells row={r} numClass={tdNum} />
        </tr>
      ))}
    </ReportTableFrame>
  );
}

export function SeasonsReportTable({ seasons, totals, note }: { seasons: SeasonReport[]; totals: ReportSums; note?: ReactNode }) {
  return (
    <ReportTableFrame id="per-season" title="Per season" table="seasons" first="Season" totals={totals} note={note}>
      {seasons.map((s) => (
        <tr key={s.season}>
          <th scope="row" className={`${td} font-medium tabular-nums`}>
            {s.season}
          </th>
          <SumCells row={s} numClass={tdNum} />
        </tr>
      ))}
    </ReportTableFrame>
  );
}
