import type { Route } from "./+types/admin-reports-csv";
import { requireCapability } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { moneyReport } from "~/.server/services/money/reports";
import { REPORT_TABLES, type ReportTable, isoDate, roundsCsv, seasonsCsv } from "~/lib/money/report-csv";
import { nowSeconds } from "~/lib/shared/time";

// /admin/reports.csv?table=rounds|seasons: one of the report's tables as a CSV download
// (a resource route: no component, the loader answers the file).

const isTable = (t: string | null): t is ReportTable => REPORT_TABLES.includes(t as ReportTable);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const table = new URL(request.url).searchParams.get("table");
  if (!isTable(table)) {
    return Response.json(
      { error: `Unknown table ${JSON.stringify(table ?? "")}: ask for table=rounds or table=seasons.`, code: "bad_request" },
      { status: 400, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const { db, league } = routeServices(context);
  const report = await moneyReport(db, league);
  // A UTF-8 byte order mark: without it Excel reads the file as Latin-1 and mangles accented names.
  const body = `\uFEFF${table === "rounds" ? roundsCsv(report.rounds, report.totals, league.timeZone) : seasonsCsv(report.seasons, report.totals)}`;
  const filename = `league-report-${table}-${isoDate(nowSeconds(), league.timeZone)}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
