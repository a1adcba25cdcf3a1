import { Link } from "react-router";
import type { Route } from "./+types/aces";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { acePotCents, listAces } from "~/.server/services/aces";
import { PlayerLink } from "~/components/player-link";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/meta";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("aces", "players", "rounds", "entries");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const [pot, aces] = await Promise.all([acePotCents(db), listAces(db)]);
  return { pot, aces };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Aces", "The league's current ace pot and every ace hit so far: when, by whom, and how much the pot paid.");

export default function Aces({ loaderData }: Route.ComponentProps) {
  const { pot, aces } = loaderData;
  const { date } = useLeague();
  return (
    <>
      <PageHeader title="Aces" subtitle="Every entry that opts in adds the ace fee to the pot; aces are paid from it." />
      <div className="space-y-8">
        <Card tone="highlight">
          {/* The spec's wording: 'Current Ace Pot: $' and the amount. */}
          <p className="flex flex-wrap items-baseline gap-x-3 font-display font-semibold tracking-wide">
            <span className="text-2xl">Current Ace Pot:</span>{" "}
            <span className="text-5xl text-brand-900 tabular-nums">{formatCents(pot)}</span>
          </p>
        </Card>
        {/* Not a region of its own: the table below is one, named by its caption. */}
        <div className="space-y-3">
          <h2 className="font-display text-2xl font-semibold tracking-wide">Ace History</h2>
          {aces.length === 0 ? (
            <EmptyState title="No aces yet." />
          ) : (
            <DataTable
              caption="Ace History"
              head={
                <tr>
                  <th className={th}>Date</th>
                  <th className={th}>Name</th>
                  <th className={`${th} text-right`}>Amount</th>
                </tr>
              }
            >
              {aces.map((a) => (
                <tr key={a.id}>
                  <td className={td}>
                    {/* The round page for everyone, admins too, until there is an admin round page. */}
                    {a.roundId ? (
                      <Link to={`/rounds/${a.roundId}`} className="text-brand-800 underline-offset-2 hover:underline">
                        {date(a.d)}
                      </Link>
                    ) : (
                      date(a.d)
                    )}
                  </td>
                  <td className={td}>
                    <PlayerLink id={a.playerId}>
                      {a.firstName} {a.lastName}
                    </PlayerLink>
                  </td>
                  <td className={`${tdNum} font-semibold`}>{formatCents(a.amtCents)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      </div>
    </>
  );
}
