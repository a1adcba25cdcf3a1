import type { ComponentType } from "react";
import { PartyName } from "~/components/players/player-link";
import { EmptyState } from "~/components/ui/empty-state";
import { DataTable, td, tdNum, tdWrap, th } from "~/components/ui/table";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import type { TransferRow } from "~/.server/services/money/transfers";

/**
 * Transfers as Date, From → To, Amount, Description. On a phone the two sides stack in one
 * narrow cell and the description goes under them, so the amount stays on screen; with the
 * admin's delete each transfer is a stacked block (the kit's stacked rows), so the delete is too.
 */
export function TransferTable({
  transfers,
  caption,
  DeleteControl,
}: {
  transfers: TransferRow[];
  caption: string;
  /**
   * The admin's 'X' per row (./transfer-delete.tsx), passed in by /transfers: a page
   * without deletes (a player's) then does not load the dialog's code (the client budget, ADR 24).
   */
  DeleteControl?: ComponentType<{ transfer: TransferRow }>;
}) {
  const { date } = useLeague();
  if (transfers.length === 0) return <EmptyState title="No transfers yet." />;
  return (
    <DataTable
      caption={caption}
      stack={DeleteControl !== undefined}
      head={
        <tr>
          <th className={th}>Date</th>
          <th className={th}>
            From <span aria-hidden="true">→</span>
            <span className="sr-only">and</span> To
          </th>
          <th className={`${th} text-right`}>Amount</th>
          <th className={`${th} hidden sm:table-cell`}>Description</th>
          {DeleteControl ? (
            <th className={th}>
              <span className="sr-only">Delete</span>
            </th>
          ) : null}
        </tr>
      }
    >
      {transfers.map((t) => (
        <tr key={t.id}>
          <td className={`${td} align-top`}>{date(t.date)}</td>
          <td className={`${td} align-top`} data-label="From → To">
            <span className="block sm:inline">
              <PartyName id={t.fromPlayerId} name={t.fromName} />
            </span>
            <span className="block sm:ml-1 sm:inline">
              <span aria-hidden="true">→ </span>
              <span className="sr-only">to </span>
              <PartyName id={t.toPlayerId} name={t.toName} />
            </span>
            {t.description ? <span className="mt-0.5 block whitespace-normal text-xs text-muted sm:hidden">{t.description}</span> : null}
          </td>
          <td className={`${tdNum} align-top font-semibold`} data-label="Amount">
            {formatCents(t.amountCents)}
          </td>
          <td className={`${tdWrap} hidden align-top sm:table-cell`}>{t.description}</td>
          {DeleteControl ? (
            <td className={`${td} align-top`}>
              <DeleteControl transfer={t} />
            </td>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}
