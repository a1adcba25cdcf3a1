import type { ReactNode } from "react";
import { PlayerLink } from "./player-link";
import { DataTable, stackWide, td, tdNum, th } from "~/components/ui/table";
import type { SearchResult } from "~/.server/services/players/players";
import { formatCents } from "~/lib/shared/money";
import type { WithShownBalance } from "~/lib/money/money-visibility";
import { fullName } from "~/lib/players/player-name";

export type ListedPlayer = WithShownBalance<SearchResult>;

/**
 * /players' list (the recent players, or a search's hits): name (to the player's page),
 * the balance where the league shows balances, and per-row actions when given — then each
 * row is a stacked block on a phone, so the actions are on screen.
 */
export function PlayersList({
  caption,
  players,
  balances,
  actions,
}: {
  caption: string;
  players: ListedPlayer[];
  balances: boolean;
  actions?: (player: ListedPlayer) => ReactNode;
}) {
  return (
    <DataTable
      caption={caption}
      stack={actions !== undefined}
      head={
        <tr>
          <th className={th}>Name</th>
          {balances ? <th className={`${th} text-right`}>Balance</th> : null}
          {actions ? <th className={`${th} text-right`}>Actions</th> : null}
        </tr>
      }
    >
      {players.map((p) => (
        <tr key={p.id}>
          <td className={td}>
            <PlayerLink id={p.id}>{fullName(p)}</PlayerLink>
          </td>
          {balances ? (
            <td className={tdNum} data-label="Balance">
              {p.balanceCents === null ? null : formatCents(p.balanceCents)}
            </td>
          ) : null}
          {actions ? <td className={`${td} ${stackWide} text-right`}>{actions(p)}</td> : null}
        </tr>
      ))}
    </DataTable>
  );
}
