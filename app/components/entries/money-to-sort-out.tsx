import type { MoneyIssue } from "~/.server/services/money/round-money";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatCents } from "~/lib/money";

// Money of the round that no standing entry accounts for (ADR 22), as the books check flags
// it, with the fix beside each: give it back as credit, or take back credit given twice.

function IssueRow({ issue }: { issue: MoneyIssue }) {
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

export function MoneyToSortOut({ issues }: { issues: MoneyIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <section id="money-to-sort-out" aria-labelledby="sort-out-heading" className="space-y-2">
      <h2 id="sort-out-heading" className="font-display text-xl font-semibold">
        Money to sort out
      </h2>
      <ul className="divide-y divide-line rounded-lg border border-warn-200 bg-warn-50 px-3">
        {issues.map((issue) => (
          <IssueRow key={`${issue.kind}-${issue.paymentId}`} issue={issue} />
        ))}
      </ul>
    </section>
  );
}
