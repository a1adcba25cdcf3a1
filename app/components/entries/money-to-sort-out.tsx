import type { MoneyIssue } from "~/.server/services/money/round-money";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatCents } from "~/lib/shared/money";
import { VoidCashDialog } from "./void-cash";

// Money of the round that no standing entry accounts for (ADR 22), and entries paid more
// than their price (ADR 37), as the books check flags them, with the fixes beside each: give
// it back as credit, take back credit given twice, or void a duplicate cash record.

function IssueRow({ issue }: { issue: MoneyIssue }) {
  if (issue.kind === "overpaid-entry") return <OverpaidEntryRow issue={issue} />;
  if (issue.kind === "unentered") {
    const money = formatCents(issue.leftCents);
    return (
      <li className="flex flex-wrap items-center justify-between gap-3 py-2">
        <p className="min-w-0 text-sm">
          {issue.playerName} paid {money} {issue.method === "cash" ? "in cash" : "through PayPal"} but has no entry in this round. Enter
          them above (the payment then pays for the entry), or give it back.
        </p>
        <ConfirmDialog
          trigger="Give back as credit"
          size="sm"
          title={`Give ${issue.playerName} ${money} back?`}
          description={`${money} goes onto ${issue.playerName}'s league credit, as a transfer from the league naming this payment.`}
          confirmLabel="Give back as credit"
          intent="giveBack"
          fields={{ payment: issue.paymentId }}
        />
      </li>
    );
  }
  const money = formatCents(issue.overCents);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="min-w-0 text-sm">
        PayPal refunded {issue.playerName} {money} after it had been given back as league credit: they got it twice.
      </p>
      <ConfirmDialog
        trigger={`Take back ${money}`}
        size="sm"
        tone="danger"
        title={`Take ${money} of credit back from ${issue.playerName}?`}
        description={`The credit given back for this payment shrinks by ${money}, what PayPal refunded too.`}
        confirmLabel="Take back credit"
        intent="takeBack"
        fields={{ payment: issue.paymentId }}
      />
    </li>
  );
}

/** An entry paid more than its price (ADR 37): void the duplicate cash, or give the excess back as credit. */
function OverpaidEntryRow({ issue }: { issue: Extract<MoneyIssue, { kind: "overpaid-entry" }> }) {
  const money = formatCents(issue.overCents);
  return (
    <li className="space-y-2 py-2">
      <p className="min-w-0 text-sm">
        {issue.playerName}'s entry is paid {money} more than its price. Void the duplicate cash, or give the excess back as credit. Until
        then it cannot be withdrawn.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {issue.cash.map((c) => (
          <VoidCashDialog
            key={c.paymentId}
            name={issue.playerName}
            record={c}
            label={
              issue.cash.length === 1
                ? `Void the duplicate cash (${formatCents(c.amountCents)})`
                : `Void cash #${c.paymentId} (${formatCents(c.amountCents)})`
            }
          />
        ))}
        <ConfirmDialog
          trigger="Give the excess back as credit"
          size="sm"
          title={`Give ${issue.playerName} ${money} back?`}
          description={`${money} goes onto ${issue.playerName}'s league credit: the credit the entry used comes back first, then the rest as a transfer from the league naming the payment.`}
          confirmLabel="Give back as credit"
          intent="excessToCredit"
          fields={{ id: issue.entryId }}
        />
      </div>
    </li>
  );
}

const keyOf = (issue: MoneyIssue) => (issue.kind === "overpaid-entry" ? `entry-${issue.entryId}` : `${issue.kind}-${issue.paymentId}`);

export function MoneyToSortOut({ issues }: { issues: MoneyIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <section id="money-to-sort-out" aria-labelledby="sort-out-heading" className="space-y-2">
      <h2 id="sort-out-heading" className="font-display text-xl font-semibold">
        Money to sort out
      </h2>
      <ul className="divide-y divide-line rounded-lg border border-warn-200 bg-warn-50 px-3">
        {issues.map((issue) => (
          <IssueRow key={keyOf(issue)} issue={issue} />
        ))}
      </ul>
    </section>
  );
}
