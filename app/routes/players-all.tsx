import { Link } from "react-router";
import type { Route } from "./+types/players-all";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { DataTable as Table, td, tdNum, th } from "~/components/ui/table";
import { currentYearStart } from "~/.server/league";
import { routeServices } from "~/.server/route-context";
import { listPlayersWithStats } from "~/.server/services/players";
import { formatCents } from "~/lib/money";

// Public: cached for anonymous visitors, purged when these tables change (ADR 11).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("players", "entries", "transfers", "rounds");

export async function loader({ context }: Route.LoaderArgs) {
  const { db, league } = routeServices(context);
  return { players: await listPlayersWithStats(db, currentYearStart(league)) };
}

export const meta: Route.MetaFunction = () => [{ title: "All players" }];

const avg = (n: number | null) => (n === null ? "–" : n.toFixed(1));

export default function PlayersAll({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">All players</h1>
      <Table
        caption="All players"
        head={
          <tr>
            <th className={th}>Name</th>
            <th className={th}>Division</th>
            <th className={`${th} text-right`}>Rounds</th>
            <th className={`${th} text-right`}>This year</th>
            <th className={`${th} text-right`}>Average</th>
            <th className={`${th} text-right`}>Current avg</th>
            <th className={`${th} text-right`}>Balance</th>
          </tr>
        }
      >
        {loaderData.players.map((p) => (
          <tr key={p.id} className={p.inactive ? "text-slate-400" : undefined}>
            <td className={td}>
              <Link to={`/players/${p.id}`} className="text-brand-700 hover:underline">
                {p.firstName} {p.lastName}
              </Link>
              {p.inactive ? <span className="ml-1 text-xs">(inactive)</span> : null}
            </td>
            <td className={td}>{p.division}</td>
            <td className={tdNum}>{p.roundCount}</td>
            <td className={tdNum}>{p.roundCountYear}</td>
            <td className={tdNum}>{avg(p.average)}</td>
            <td className={tdNum}>{avg(p.thisYearAverage)}</td>
            <td className={tdNum}>{formatCents(p.balanceCents)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
