import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/player";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { currentYearStart } from "~/.server/league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { playerPageData } from "~/.server/services/player-page";
import { playerForm } from "~/.server/services/player-form";
import { PlayerFormCard } from "~/components/player-form-card";
import { LoadError } from "~/components/load-error";
import { StandingsLink } from "~/components/standings/standings-link";
import { playerScoreChart } from "~/.server/services/score-history";
import { chartForPage } from "~/.server/html/score-chart";
import { formForPage } from "~/.server/html/player-form";
import { ScoreChartCard } from "~/components/score-chart";
import { TransferTable } from "~/components/transfer-table";
import { StatusBadge } from "~/components/ui/badge";
import { Card, Stats } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";
import { positionLabel } from "~/lib/results";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "rounds", "transfers", "claims", "settings");

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  const id = await routeId(params.playerId, "player id");
  // The score chart (components/score-chart.tsx) is read beside the rest; ?chart=ratings picks ratings.
  const [{ player, rounds, transfers }, form, chart] = await orRouteError(
    Promise.all([
      playerPageData(db, id, currentYearStart(league)),
      playerForm(db, id),
      playerScoreChart(db, id, request.url, league.timeZone),
    ]),
  );
  // The chart's drawing and the form card's tables and notes come as server-built HTML (app/.server/html).
  return { player, rounds, transfers, form: formForPage(form, league.timeZone), chart: chartForPage(chart) };
}

export const meta: Route.MetaFunction = (args) => {
  const player = args.loaderData?.player;
  if (!player) return pageMeta(args, "Player");
  const name = `${player.firstName} ${player.lastName}`;
  return pageMeta(args, name, `${name} in the league: division, PDGA number, credit, wins, and every round with score, place and payout.`);
};

const money = (cents: number) => (cents ? formatCents(cents) : "");
const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));

export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  const { player, rounds, transfers, form } = loaderData;
  const { date } = useLeague();
  return (
    <>
      <PageHeader
        title={`${player.firstName} ${player.lastName}`}
        badge={player.inactive ? <StatusBadge status="Inactive" /> : undefined}
      />
      <div className="space-y-8">
        <Card title="Summary" titleId="summary-title">
          <Stats
            items={[
              { label: "Division", value: player.division },
              { label: "PDGA number", value: player.pdga || "–" },
              { label: "Credit", value: formatCents(player.balanceCents) },
              { label: "Rounds played", value: player.roundCount },
              { label: "Wins", value: player.wins },
              { label: "Best score", value: player.bestScore ?? "–" },
              { label: "Average this year", value: avg(player.thisYearAverage) },
              { label: "Average all time", value: avg(player.average) },
            ]}
          />
          <StandingsLink playerId={player.id} division={player.division} latest={rounds[0]} />
        </Card>
        <PlayerFormCard form={form} />
        <ScoreChartCard chart={loaderData.chart} />
        <Section title="Rounds">
          {rounds.length === 0 ? (
            <EmptyState title="No rounds played yet." />
          ) : (
            // Date pinned, then the round and its score: what a phone shows before scrolling.
            <DataTable
              caption="Rounds played"
              pinFirst
              head={
                <tr>
                  <th className={th}>Date</th>
                  <th className={th}>Round</th>
                  <th className={`${th} text-right`}>Score</th>
                  <th className={`${th} text-right`}>Rating</th>
                  <th className={th}>Position</th>
                  <th className={th}>Division</th>
                  <th className={`${th} text-right`}>Payout</th>
                  <th className={`${th} text-right`}>Credit added</th>
                  <th className={`${th} text-right`}>Credit used</th>
                </tr>
              }
            >
              {rounds.map((r) => (
                <tr key={r.roundId}>
                  <td className={td}>{date(r.d)}</td>
                  <td className={td}>
                    <Link to={`/rounds/${r.roundId}`} className="font-medium text-brand-800 hover:underline">
                      {r.n}
                    </Link>
                  </td>
                  <td className={`${tdNum} font-semibold`}>{r.score > 0 ? r.score : "–"}</td>
                  <td className={tdNum}>{r.rating ?? "–"}</td>
                  <td className={td}>{positionLabel(r.result) ?? "–"}</td>
                  <td className={td}>{r.division}</td>
                  <td className={tdNum}>{money(r.entryPayoutCents)}</td>
                  <td className={tdNum}>{money(r.creditAddedCents)}</td>
                  <td className={tdNum}>{money(r.creditUsedCents)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Section>
        <Section title="Transfers">
          <TransferTable transfers={transfers} caption="Transfers" />
        </Section>
      </div>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    // A plain block under its heading: the table inside is already a region named by its caption.
    <div className="space-y-3">
      <h2 className="font-display text-2xl font-semibold tracking-wide">{title}</h2>
      {children}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading player" missing="That player does not exist." />;
}
