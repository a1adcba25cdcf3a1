import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import type { ReactNode } from "react";
import type { Route } from "./+types/player";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { currentYearStart } from "~/.server/league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { playerPageData } from "~/.server/pages/player-page";
import { ratingAndHandicap } from "~/.server/services/ratings/rating-and-handicap";
import { RatingAndHandicapPanel } from "~/components/ratings/rating-and-handicap-panel";
import { PlayerRoundsTable } from "~/components/players/player-rounds-table";
import { TransferTable } from "~/components/money/transfer-table";
import { LoadError } from "~/components/layout/load-error";
import { StandingsLink } from "~/components/standings/standings-link";
import { playerScoreChart } from "~/.server/services/players/score-history";
import { ScoreChartPanel } from "~/components/players/score-chart";
import { BestScoresPanel } from "~/components/players/best-scores";
import { StatusBadge } from "~/components/ui/badge";
import { Panel, Stats } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { optionalSession } from "~/.server/auth/guards";
import { playerMoneyHistory } from "~/.server/services/audit/audit-log";
import { lazyPart } from "~/components/ui/lazy-part";
import { formatCents } from "~/lib/shared/money";
import { moneyView } from "~/.server/services/money/money-view";
import { showsMoneyOf, shownBalance } from "~/lib/money/money-visibility";
import { fullName } from "~/lib/players/player-name";
import { positionLabel } from "~/lib/rounds/results";
import { cancelledLabel } from "~/lib/rainouts/words";
import { playerTag } from "~/.server/services/tags/tags";
import { PlayerTag } from "~/components/tags/player-tag";
import { playerPotWins } from "~/.server/services/sidepots/pot-view";
import { PlayerPots } from "~/components/sidepots/pot-summary";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () =>
  publicCacheHeaders("players", "entries", "rounds", "transfers", "claims", "settings", "courses", "tags");

// Admins only: loaded when it renders (app/components/ui/lazy-part.tsx), so a visitor never downloads it.
const MoneyHistory = lazyPart(async () => (await import("~/components/money/player-money-history")).PlayerMoneyHistory);

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  const id = await routeId(params.playerId, "player id");
  // An admin also sees the player's money history (ADR 20); such a request is never cached.
  const session = optionalSession(context);
  const isAdmin = can(standingOf(session), "manageLeague");
  // The score chart (components/players/score-chart.tsx) is read beside the rest; ?chart=ratings picks ratings.
  const [{ player, rounds, transfers, best }, form, chart, moneyHistory, money, tag, potWins] = await orRouteError(
    Promise.all([
      playerPageData(db, id, currentYearStart(league)),
      ratingAndHandicap(db, id),
      playerScoreChart(db, id, request.url, league.timeZone),
      isAdmin ? playerMoneyHistory(db, id, league.timeZone) : null,
      moneyView(db, () => session),
      playerTag(db, id),
      playerPotWins(db, id),
    ]),
  );
  // The credit, the transfers and the credit columns of the rounds, where the league's setting shows them (ADR 25).
  const credit = showsMoneyOf(money, id);
  // The one lowest score of every layout and format is not shown: `best` is per layout (ADR 25).
  const { bestScore: _best, ...summary } = player;
  return {
    player: shownBalance(summary, money),
    best,
    // The standings link needs only the latest round.
    latest: rounds[0] ? { startsAt: rounds[0].startsAt, division: rounds[0].division } : undefined,
    // Only what the rounds table shows travels to the browser; the place is read here.
    // A cancelled round stays listed, its result void: "Cancelled: weather" instead (ADR 50).
    rounds: rounds.map(
      ({ payoutCents: _p, payoutAdjustCents: _a, result, creditAddedCents, creditUsedCents, cancelledAt, cancelReason, ...r }) => ({
        ...r,
        position: cancelledAt === null ? positionLabel(result) : null,
        cancelled: cancelledAt === null ? null : cancelledLabel(cancelReason),
        credit: credit ? { addedCents: creditAddedCents, usedCents: creditUsedCents } : null,
      }),
    ),
    transfers: credit ? transfers : null,
    moneyHidden: credit ? null : money.hidden,
    form,
    chart,
    moneyHistory,
    tag,
    potWins,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const player = args.loaderData?.player;
  if (!player) return pageMeta(args, "Player");
  const name = fullName(player);
  return pageMeta(args, name, `${name} in the league: division, PDGA number, credit, wins, and every round with score, place and payout.`);
};

const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));

export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  const { player, latest, rounds, transfers, form, moneyHidden } = loaderData;
  return (
    <>
      <PageHeader title={fullName(player)} badge={player.inactive ? <StatusBadge status="Inactive" /> : undefined} />
      <div className="space-y-8">
        <Panel title="Summary" titleId="summary-title">
          <Stats
            items={[
              { label: "Division", value: player.division },
              { label: "PDGA number", value: player.pdga || "–" },
              ...(player.balanceCents === null ? [] : [{ label: "Credit", value: formatCents(player.balanceCents) }]),
              { label: "Rounds played", value: player.roundCount },
              { label: "Wins", value: player.wins },
              { label: "Average this year", value: avg(player.thisYearAverage) },
              { label: "Average all time", value: avg(player.average) },
            ]}
          />
          {moneyHidden ? <p className="mt-3 text-sm text-muted">{moneyHidden}</p> : null}
          <StandingsLink playerId={player.id} division={player.division} latest={latest} />
        </Panel>
        {loaderData.moneyHistory ? <MoneyHistory playerId={player.id} history={loaderData.moneyHistory} /> : null}
        <PlayerTag tag={loaderData.tag} />
        <BestScoresPanel best={loaderData.best} />
        <RatingAndHandicapPanel form={form} />
        <ScoreChartPanel chart={loaderData.chart} />
        <PlayerPots wins={loaderData.potWins} />
        <Section title="Rounds">
          {latest === undefined ? <EmptyState title="No rounds played yet." /> : <PlayerRoundsTable rounds={rounds} />}
        </Section>
        {transfers ? (
          <Section title="Transfers">
            <TransferTable transfers={transfers} caption="Transfers" />
          </Section>
        ) : null}
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
