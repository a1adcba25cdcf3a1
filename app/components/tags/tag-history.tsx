import { Link } from "react-router";
import { PlayerLink } from "~/components/players/player-link";
import { EmptyState } from "~/components/ui/empty-state";
import { DataTable, td, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { TAG_REASONS } from "~/lib/tags/tag-words";
import type { TagHistoryRow } from "~/.server/services/tags/tags";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/** A move as the tags pages and a player's page show it. */
export type TagMoveView = TagHistoryRow;

function Side({ side }: { side: TagMoveView["from"] }) {
  return side ? <PlayerLink id={side.id}>{side.name}</PlayerLink> : <span className="text-muted">Pool</span>;
}

/** Every move of a tag (or of a player's tags), newest first: when, which tag, from whom to whom, and how. */
export function TagHistory({ moves, caption, showTag = true }: { moves: TagMoveView[]; caption: string; showTag?: boolean }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  if (moves.length === 0) return <EmptyState title="No tag has moved yet." />;
  return (
    <DataTable
      caption={caption}
      stack
      head={
        <tr>
          <th className={th}>When</th>
          {showTag ? <th className={th}>Tag</th> : null}
          <th className={th}>From</th>
          <th className={th}>To</th>
          <th className={th}>How</th>
        </tr>
      }
    >
      {moves.map((m) => (
        <tr key={m.id}>
          <td className={td} data-label="When">
            {date(m.at)}
          </td>
          {showTag ? (
            <td className={td} data-label="Tag">
              <Link to={href(`/tags/${m.tag}`)} className="font-semibold text-brand-800 tabular-nums hover:underline">
                #{m.tag}
              </Link>
            </td>
          ) : null}
          <td className={td} data-label="From">
            <Side side={m.from} />
          </td>
          <td className={td} data-label="To">
            <Side side={m.to} />
          </td>
          <td className={td} data-label="How">
            {TAG_REASONS[m.reason]}
            {m.round ? (
              <>
                {" · "}
                <Link to={href(`/rounds/${m.round.id}`)} className="text-brand-800 hover:underline">
                  {m.round.name}
                </Link>
              </>
            ) : null}
            {m.actor && m.round === null ? <span className="text-muted"> ({m.actor})</span> : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
