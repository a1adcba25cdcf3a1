import type { Route } from "./+types/admin-reports";
import { LoadError } from "~/components/layout/load-error";
import { ReconciliationPanel } from "~/components/money/reconciliation";
import { RoundsReportTable, SeasonsReportTable } from "~/components/money/report-tables";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireCapability } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { moneyReport } from "~/.server/services/money/reports";
import { pageMeta } from "~/lib/shared/meta";
import { formatCents } from "~/lib/shared/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireCapability(context, request, "manageLeague");
  const { db, league } = routeServices(context);
  const report = await moneyReport(db, league);
  // A league with no rounds has nothing to report.
  return report.rounds.length === 0 ? { report: null } : { report };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Reports");

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <>
      <PageHeader title="Reports" subtitle="The league's money per round and per season, and whether the books balance." />
      {report === null ? (
        <EmptyState title="No data">Money is reported once the league has rounds.</EmptyState>
      ) : (
        <div className="space-y-8">
          <ReconciliationPanel r={report.reconciliation} flags={report.flags} />
          <SeasonsReportTable seasons={report.seasons} totals={report.totals} />
          <RoundsReportTable
            rounds={report.rounds}
            totals={report.totals}
            note={
              report.looseAces.count > 0
                ? `Aces paid and the totals include ${report.looseAces.count === 1 ? "1 ace" : `${report.looseAces.count} aces`} (${formatCents(report.looseAces.cents)}) recorded without a round: they count in the season of their date, under no round.`
                : "Aces paid counts the aces recorded against each round; an ace recorded without a round would count in its date's season and in the totals only."
            }
          />
        </div>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Reports" missing="No data" />;
}
