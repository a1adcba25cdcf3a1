import { CashDialog } from "./cash-dialog";
import { CashRecords } from "./void-cash";
import { WithdrawAction } from "./withdraw-action";
import type { PlayEntry } from "~/.server/services/entries/entries-screen";
import { StatusBadge } from "~/components/ui/badge";
import { ConfirmDialog } from "~/components/ui/dialog";
import { tdWrap } from "~/components/ui/table";
import { paidLine } from "~/lib/money/entry-money";
import { formatCents } from "~/lib/shared/money";

// An entry's money on the admin's entries screen (ADR 22): how it was paid, what it owes,
// PayPal's refunds and the admin's decision about them; and its money actions.

/** The "Paid" cell: credit · PayPal · cash, what is owed, refunds, and the keep-or-withdraw decision. */
export function EntryMoneyCell({ entry }: { entry: PlayEntry }) {
  const m = entry.money;
  const refund = m.reversed ? "Reversed" : "Refunded";
  return (
    <td className={tdWrap} data-label="Paid">
      <span className="block text-sm">{paidLine(m.paid)}</span>
      <span className="mt-1 flex flex-wrap gap-1">
        {m.owedCents > 0 ? (
          <StatusBadge status="Pending" label={`Owes ${formatCents(m.owedCents)}`} />
        ) : m.overCents > 0 ? (
          <StatusBadge status="Conflict" label={`Paid ${formatCents(m.overCents)} too much`} />
        ) : (
          <StatusBadge status="Approved" label="Paid in full" />
        )}
        {m.refundedCents > 0 ? (
          <StatusBadge status={m.unresolvedCents > 0 ? "Conflict" : "Closed"} label={`${refund} ${formatCents(m.refundedCents)}`} />
        ) : null}
      </span>
      <CashRecords name={entry.name} cash={m.cash} />
      {m.unresolvedCents > 0 ? (
        <div className="mt-2 max-w-64 space-y-2 rounded-md border border-warn-200 bg-warn-50 p-2 text-xs text-warn-800">
          <p>
            PayPal {refund.toLowerCase()} {formatCents(m.unresolvedCents)} of this entry's payment. Keep the entry (it then owes{" "}
            {formatCents(m.owedCents)}) or withdraw it.
          </p>
          <ConfirmDialog
            trigger="Keep entry"
            size="sm"
            triggerLabel={`Keep ${entry.name}'s entry`}
            title={`Keep ${entry.name}'s entry?`}
            description={`PayPal's refund stands and the entry stays in the round, owing ${formatCents(m.owedCents)}.`}
            confirmLabel="Keep entry"
            intent="keepEntry"
            fields={{ id: entry.id }}
          />
        </div>
      ) : null}
    </td>
  );
}

/**
 * Under the name in the pinned column: what is owed and a refund waiting for a decision,
 * so a phone shows them without scrolling to the Paid column.
 */
export function EntryOwedNote({ entry }: { entry: PlayEntry }) {
  const m = entry.money;
  if (m.owedCents === 0 && m.unresolvedCents === 0) return null;
  return (
    <span className="block text-xs font-medium text-warn-800">
      {m.owedCents > 0 ? `Owes ${formatCents(m.owedCents)}` : null}
      {m.unresolvedCents > 0 ? <span className="block text-danger-700">Refund to decide</span> : null}
    </span>
  );
}

/** The row's money actions: record cash, and withdraw (the entry's delete: what paid for it comes back). */
export function EntryMoneyActions({ entry }: { entry: PlayEntry }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CashDialog entry={entry} />
      <WithdrawAction entry={entry} />
    </div>
  );
}
