import { Link } from "react-router";
import type { Route } from "./+types/aces";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { routeServices } from "~/.server/route-context";
import { acePotCents, listAces } from "~/.server/services/aces";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("aces", "players", "rounds", "entries");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const [pot, aces] = await Promise.all([acePotCents(db), listAces(db)]);
  return { pot, aces };
}

export const meta: Route.MetaFunction = () => [{ title: "Aces" }];

export default function Aces({ loaderData }: Route.ComponentProps) {
  const { pot, aces } = loaderData;
  const { date } = useLeague();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Aces</h1>
      <p className="rounded-lg border border-brand-600 bg-brand-50 p-4 text-xl font-semibold">Current Ace Pot: {formatCents(pot)}</p>
      <section aria-labelledby="ace-history" className="space-y-2">
        <h2 id="ace-history" className="text-lg font-semibold">
          Ace History
        </h2>
        {aces.length === 0 ? (
          <p className="text-slate-600">No aces yet.</p>
        ) : (
          <Table
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
                    <Link to={`/rounds/${a.roundId}`} className="text-brand-700 hover:underline">
                      {date(a.d)}
                    </Link>
                  ) : (
                    date(a.d)
                  )}
                </td>
                <td className={td}>
                  <Link to={`/players/${a.playerId}`} className="hover:underline">
                    {a.firstName} {a.lastName}
                  </Link>
                </td>
                <td className={tdNum}>{formatCents(a.amtCents)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </div>
  );
}
