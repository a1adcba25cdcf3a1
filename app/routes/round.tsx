import { Link } from "react-router";
import { LoadError } from "~/components/load-error";
import type { Route } from "./+types/round";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { orRouteError, routeId, routeServices } from "~/.server/route-context";
import { acePotCents } from "~/.server/services/aces";
import { entriesForRound } from "~/.server/services/entries";
import { getRound } from "~/.server/services/rounds";
import { formatCents } from "~/lib/money";
import { entryPriceCents } from "~/lib/pricing";
import { positionLabel } from "~/lib/results";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("rounds", "entries", "players", "aces");

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const id = await routeId(params.roundId, "round id");
  const [round, entries, pot] = await orRouteError(Promise.all([getRound(db, id), entriesForRound(db, id), acePotCents(db, id)]));
  const divisions = new Map<string, typeof entries>();
  for (const e of entries) divisions.set(e.division, [...(divisions.get(e.division) ?? []), e]);
  return { round, pot, divisions: [...divisions].map(([division, list]) => ({ division, entries: list })) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? loaderData.round.n : "Round" }];

export default function RoundPage({ loaderData }: Route.ComponentProps) {
  const { round, pot, divisions } = loaderData;
  const { longDate } = useLeague();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{round.n}</h1>
        <p className="text-slate-700">
          {longDate(round.d)} · {round.loc}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Entry</dt>
            <dd className="font-medium">
              {formatCents(entryPriceCents(round))} + {formatCents(round.aceCents)} ace fund
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Players</dt>
            <dd className="font-medium">{round.entryCount}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Ace pot at stake</dt>
            <dd className="font-medium">{formatCents(pot)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Registration</dt>
            <dd className="font-medium">{round.openForRegistration ? "Open" : "Closed"}</dd>
          </div>
        </dl>
        {round.pdgaUrl ? (
          <a href={round.pdgaUrl} className="mt-2 inline-block text-sm text-brand-700 underline" rel="noreferrer" target="_blank">
            PDGA event page
          </a>
        ) : null}
      </header>
      {divisions.length === 0 ? <p className="text-slate-600">No one has entered this round yet.</p> : null}
      {divisions.map(({ division, entries }) => (
        <section key={division} aria-labelledby={`div-${division}`}>
          <h2 id={`div-${division}`} className="mb-2 text-lg font-semibold">
            {division} <span className="text-sm font-normal text-slate-500">({entries.length})</span>
          </h2>
          <Table
            caption={`${division} results`}
            head={
              <tr>
                <th className={th}>Place</th>
                <th className={th}>Player</th>
                <th className={`${th} text-right`}>Score</th>
                <th className={`${th} text-right`}>Payout</th>
              </tr>
            }
          >
            {entries.map((e) => (
              <tr key={e.id}>
                <td className={td}>{positionLabel(e.result) ?? "–"}</td>
                <td className={td}>
                  <Link className="text-brand-700 hover:underline" to={`/players/${e.playerId}`}>
                    {e.firstName} {e.lastName}
                  </Link>
                </td>
                <td className={tdNum}>{e.score > 0 ? e.score : "–"}</td>
                <td className={tdNum}>{e.entryPayoutCents > 0 ? formatCents(e.entryPayoutCents) : ""}</td>
              </tr>
            ))}
          </Table>
        </section>
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LoadError error={error} title="Error loading round" missing="That round does not exist." />;
}
