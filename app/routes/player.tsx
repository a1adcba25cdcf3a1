import { Link } from "react-router";
import { LoadError } from "~/components/load-error";
import type { Route } from "./+types/player";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { TransferTable } from "~/components/transfer-table";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { currentYearStart } from "~/.server/league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { getPlayer } from "~/.server/services/players";
import { roundsByPlayer } from "~/.server/services/rounds";
import { transfersByPlayer } from "~/.server/services/transfers";
import { formatCents } from "~/lib/money";
import { positionLabel } from "~/lib/results";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "rounds", "transfers", "claims");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  const id = await routeId(params.playerId, "player id");
  const [player, rounds, transfers] = await orRouteError(
    Promise.all([getPlayer(db, id, currentYearStart(league)), roundsByPlayer(db, id), transfersByPlayer(db, id)]),
  );
  return { player, rounds, transfers };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.player.firstName} ${loaderData.player.lastName}` : "Player" },
];

const money = (cents: number) => (cents ? formatCents(cents) : "");

export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  const { player, rounds, transfers } = loaderData;
  const { date } = useLeague();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">
          {player.firstName} {player.lastName}
          {player.inactive ? <span className="ml-2 text-base font-normal text-slate-500">(inactive)</span> : null}
        </h1>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Division</dt>
            <dd className="font-medium">{player.division}</dd>
          </div>
          <div>
            <dt className="text-slate-500">PDGA number</dt>
            <dd className="font-medium">{player.pdga || "–"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Credit</dt>
            <dd className="font-medium">{formatCents(player.balanceCents)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Rounds (this year)</dt>
            <dd className="font-medium">
              {player.roundCount} ({player.roundCountYear})
            </dd>
          </div>
        </dl>
      </header>
      <section aria-labelledby="rounds-title" className="space-y-2">
        <h2 id="rounds-title" className="text-lg font-semibold">
          Rounds
        </h2>
        {rounds.length === 0 ? (
          <p className="text-slate-600">No rounds played yet.</p>
        ) : (
          <Table
            caption="Rounds played"
            head={
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Round</th>
                <th className={th}>Division</th>
                <th className={`${th} text-right`}>Score</th>
                <th className={th}>Position</th>
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
                  <Link to={`/rounds/${r.roundId}`} className="text-brand-700 hover:underline">
                    {r.n}
                  </Link>
                </td>
                <td className={td}>{r.division}</td>
                <td className={tdNum}>{r.score > 0 ? r.score : "–"}</td>
                <td className={td}>{positionLabel(r.result) ?? "–"}</td>
                <td className={tdNum}>{money(r.entryPayoutCents)}</td>
                <td className={tdNum}>{money(r.creditAddedCents)}</td>
                <td className={tdNum}>{money(r.creditUsedCents)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
      <section aria-labelledby="transfers-title" className="space-y-2">
        <h2 id="transfers-title" className="text-lg font-semibold">
          Transfers
        </h2>
        <TransferTable transfers={transfers} caption="Transfers" />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading player" missing="That player does not exist." />;
}
