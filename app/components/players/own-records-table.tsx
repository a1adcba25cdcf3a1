import { Link } from "react-router";
import type { OwnRecord } from "~/.server/services/players/own-records";
import { ConfirmDialog } from "~/components/ui/dialog";
import { DataTable, stackWide, td, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { fullName } from "~/lib/players/player-name";
import { useLeagueUrls } from "~/hooks/use-league-urls";

/**
 * The player records a user added that no approved claim holds (/admin/user/{id}): each
 * may be removed while it has no league history (ADR 23).
 */
export function OwnRecordsTable({ records, userName, busy }: { records: OwnRecord[]; userName: string; busy: boolean }) {
  const { href } = useLeagueUrls();
  const { date } = useLeague();
  return (
    <DataTable
      caption="Player records this user added that no approved claim holds"
      stack
      head={
        <tr>
          <th className={th}>Player</th>
          <th className={th}>Added</th>
          <th className={th}>Their claim</th>
          <th className={th}>Actions</th>
        </tr>
      }
    >
      {records.map((r) => {
        const name = fullName(r);
        return (
          <tr key={r.id}>
            <td className={td}>
              <Link to={href(`/players/${r.id}`)} className="font-medium text-brand-800 hover:underline">
                {name}
              </Link>
              <span className="block text-xs text-muted">{r.division}</span>
            </td>
            <td className={td} data-label="Added">
              {date(r.createdAt)}
            </td>
            <td className={td} data-label="Their claim">
              {r.claimStatus ?? "none"}
            </td>
            <td className={`${td} ${stackWide}`}>
              {r.history > 0 ? (
                <span className="text-sm text-muted">Has league history: mark inactive instead</span>
              ) : (
                <ConfirmDialog
                  trigger="Remove"
                  triggerLabel={`Remove ${name}`}
                  title={`Remove ${name}?`}
                  description={`The player record ${userName} added, and any claim on it, are deleted. This cannot be undone.`}
                  confirmLabel="Remove"
                  intent="removePlayer"
                  fields={{ playerId: r.id }}
                  tone="danger"
                  size="sm"
                  disabled={busy}
                />
              )}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
