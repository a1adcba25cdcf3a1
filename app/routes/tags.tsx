import { Link } from "react-router";
import type { Route } from "./+types/tags";
import { publicCacheHeaders } from "~/.server/cache-tags";
import { routeServices } from "~/.server/route-context";
import { tagBoard } from "~/.server/services/tags/tags";
import { PlayerLink } from "~/components/players/player-link";
import { Panel } from "~/components/ui/panel";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { DataTable, td, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { pageMeta } from "~/lib/shared/meta";
import { tagRanges } from "~/lib/tags/tag-words";
import { useLeagueUrls } from "~/hooks/use-league-urls";

// Public: cached for anonymous visitors, purged when a tag moves or the settings change (ADR 11, 27).
export const headers: Route.HeadersFunction = () => publicCacheHeaders("tags", "players", "settings");

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  return { board: await tagBoard(db) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Bag tags", "Who holds each of the league's bag tags, and which tags are in the pool.");

export default function Tags({ loaderData }: Route.ComponentProps) {
  const { href } = useLeagueUrls();
  const { board } = loaderData;
  const { date } = useLeague();
  return (
    <>
      <PageHeader
        title="Bag tags"
        subtitle="After a round that counts for tags, its players swap tags by finish: the lowest tag to the best score."
      />
      <div className="space-y-8">
        {!board.on ? <p className="text-sm text-muted">The league does not run bag tags at the moment.</p> : null}
        {board.holders.length === 0 ? (
          <EmptyState title="Nobody holds a tag yet." />
        ) : (
          <DataTable
            caption="Tag holders"
            head={
              <tr>
                <th className={th}>Tag</th>
                <th className={th}>Player</th>
                <th className={th}>Since</th>
              </tr>
            }
          >
            {board.holders.map((h) => (
              <tr key={h.tag}>
                <td className={td}>
                  <Link
                    to={href(`/tags/${h.tag}`)}
                    className="inline-flex min-h-11 min-w-11 items-center font-display text-xl font-semibold text-brand-800 tabular-nums hover:underline"
                  >
                    #{h.tag}
                  </Link>
                </td>
                <td className={td}>
                  <PlayerLink id={h.playerId}>{h.name}</PlayerLink>
                </td>
                <td className={td}>{date(h.since)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        {board.on ? (
          <Panel title="In the pool">
            <p className="text-sm">{board.pool.length ? `Tags ${tagRanges(board.pool)}` : "Every tag is held."}</p>
            <p className="mt-2 text-sm text-muted">
              {board.expiryWeeks > 0
                ? `A holder who plays no round for ${board.expiryWeeks} ${board.expiryWeeks === 1 ? "week" : "weeks"} gives the tag back at the next tags round.`
                : "Tags are kept however long their holders are away."}{" "}
              A player without a tag gets one from the pool from an admin.
            </p>
          </Panel>
        ) : null}
      </div>
    </>
  );
}
