import { BookFlags } from "./book-flags";
import { Alert } from "~/components/ui/alert";
import { Panel } from "~/components/ui/panel";
import { formatCents } from "~/lib/shared/money";
import type { BookFlag } from "~/lib/money/book-flags";
import type { Check, Reconciliation } from "~/lib/money/report";

// Whether the books balance, in words: every player's balance summed
// against the ledger that makes balances, and the ace pot against the ace fund; and the
// money the admin still has to sort out (ADR 22).

type Line = { label: string; detail?: string; cents: number; result?: boolean };

function Lines({ lines }: { lines: Line[] }) {
  return (
    <dl className="divide-y divide-line text-sm">
      {lines.map((l) => (
        <div key={l.label} className={`flex items-baseline justify-between gap-3 py-1.5 ${l.result ? "font-semibold" : ""}`}>
          <dt className="min-w-0">
            {l.label}
            {l.detail ? <span className="block text-xs font-normal text-muted">{l.detail}</span> : null}
          </dt>
          <dd className="shrink-0 tabular-nums">{formatCents(l.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Balanced", or "Out by $X.XX" and which side is larger. */
function Verdict({ check, actual, expected }: { check: Check; actual: string; expected: string }) {
  if (check.balanced) {
    return (
      <Alert tone="success" title="Balanced">
        {actual} equals {expected}.
      </Alert>
    );
  }
  const by = formatCents(Math.abs(check.diffCents));
  return (
    <Alert tone="error" title={`Out by ${by}`}>
      {actual} is {by} {check.diffCents > 0 ? "more" : "less"} than {expected}.
    </Alert>
  );
}

function CheckSection({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function ReconciliationPanel({ r, flags }: { r: Reconciliation; flags: BookFlag[] }) {
  return (
    <Panel title="Reconciliation" titleId="reconciliation">
      <div className="grid gap-6 md:grid-cols-2">
        <CheckSection title="Player balances" id="reconcile-balances">
          <Lines
            lines={[
              { label: "Credit added", cents: r.creditAddedCents },
              { label: "Credit used", cents: -r.creditUsedCents },
              {
                label: "League transfers",
                detail: `${formatCents(r.leagueInCents)} in from the league, ${formatCents(r.leagueOutCents)} out to it`,
                cents: r.leagueNetCents,
              },
              { label: "Credit added − used + league transfers", cents: r.ledger.expectedCents, result: true },
              { label: "Sum of every player's balance", cents: r.ledger.actualCents, result: true },
            ]}
          />
          <Verdict check={r.ledger} actual="The sum of the balances" expected="credit added − credit used + league transfers" />
        </CheckSection>
        <CheckSection title="Ace pot" id="reconcile-ace">
          <Lines
            lines={[
              { label: "Ace fund in", cents: r.aceInCents },
              {
                label: "Prepaid for rounds not started yet",
                detail: "joins the ace pot when each round starts",
                cents: -r.acePrepaidCents,
              },
              { label: "Aces paid", cents: -r.acesPaidCents },
              ...(r.acesAheadCents
                ? [{ label: "Aces dated later than now", detail: "leave the ace pot on their date", cents: r.acesAheadCents }]
                : []),
              { label: "Ace fund in − prepaid − aces paid", cents: r.ace.expectedCents, result: true },
              { label: "Ace pot (as on the Aces page)", cents: r.ace.actualCents, result: true },
            ]}
          />
          <Verdict check={r.ace} actual="The ace pot" expected="the ace fund in of started rounds − aces paid" />
        </CheckSection>
        <CheckSection title="Side pots" id="reconcile-side-pots">
          <Lines
            lines={[
              { label: "Side pots in", cents: r.sidePotsInCents },
              { label: "Side pots paid", cents: -r.sidePotsPaidCents },
              { label: "Side pots in − paid", cents: r.sidePots.expectedCents, result: true },
              {
                label: "Side pots held",
                detail: "unpaid side pots' buy-ins and each side pot's last rollover",
                cents: r.sidePots.actualCents,
                result: true,
              },
            ]}
          />
          <Verdict check={r.sidePots} actual="What the side pots hold" expected="their buy-ins − what they paid" />
        </CheckSection>
      </div>
      <div className="mt-6">
        <BookFlags flags={flags} />
      </div>
    </Panel>
  );
}
