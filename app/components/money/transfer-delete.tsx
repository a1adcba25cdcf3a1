import { LazyConfirmDialog as ConfirmDialog } from "~/components/ui/lazy-confirm-dialog";
import { useLeague } from "~/hooks/use-league";
import { formatCents } from "~/lib/shared/money";
import type { TransferRow } from "~/.server/services/money/transfers";

/** An admin's delete of one transfer on /transfers: confirmed, posted to the page's action. */
export function TransferDelete({ transfer: t }: { transfer: TransferRow }) {
  const { date } = useLeague();
  return (
    <ConfirmDialog
      trigger="X"
      triggerLabel={`Delete the transfer of ${formatCents(t.amountCents)} on ${date(t.date)}`}
      size="sm"
      tone="danger"
      title="Delete this transfer?"
      description={`${formatCents(t.amountCents)} from ${t.fromName ?? "the league"} to ${t.toName ?? "the league"} on ${date(t.date)} goes back to where it came from.`}
      confirmLabel="Delete transfer"
      intent="deleteTransfer"
      fields={{ id: t.id }}
    />
  );
}
