import { useState } from "react";
import { NightResult, useNightAction } from "./night-action";
import { TakeCash } from "./take-cash";
import { WithdrawAction } from "~/components/entries/withdraw-action";
import type { NightEntry } from "~/.server/services/night/night-screen";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paidLine } from "~/lib/entry-money";
import { formatCents } from "~/lib/money";
import { CashRecords, VoidCashOutcome } from "~/components/entries/void-cash";

type NightAction = ReturnType<typeof useNightAction>;

// The night's entries, one row each as a phone shows them: who, checked in or not, how
// the entry was paid and what it still owes, with Check in / Undo, Take cash, and Withdraw
// (before their card's first score) or Mark DNF (after it, ADR 34).

export function NightEntries({ entries, closed }: { entries: NightEntry[]; closed: boolean }) {
  // A withdrawal's answer (what came back as credit) outlives the row it removes: it shows here.
  const withdrawals = useNightAction();
  return (
    <section aria-labelledby="entries-title" className="space-y-2 print:hidden">
      <h2 id="entries-title" className="font-display text-2xl font-semibold tracking-wide">
        Players
      </h2>
      <NightResult action={withdrawals} />
      <VoidCashOutcome />
      {entries.length === 0 ? (
        <p className="text-sm text-muted">No one is entered yet: add walk-ups below.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface shadow-sm">
          {entries.map((entry) => (
            <NightEntryRow key={entry.id} entry={entry} closed={closed} withdrawals={withdrawals} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NightEntryRow({ entry, closed, withdrawals }: { entry: NightEntry; closed: boolean; withdrawals: NightAction }) {
  const action = useNightAction();
  const [cash, setCash] = useState(false);
  const checkedIn = entry.checkedInAt !== null;
  const owed = entry.money.owedCents;
  return (
    <li className="space-y-2 p-3" data-entry={entry.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{entry.name}</p>
          <p className="text-sm text-muted">
            {entry.division} · {paidLine(entry.money.paid)}
          </p>
        </div>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={checkedIn ? "Approved" : "Closed"} label={checkedIn ? "Checked in" : "Not checked in"} />
          {owed > 0 ? (
            <StatusBadge status="Pending" label={`Owes ${formatCents(owed)}`} />
          ) : entry.money.overCents > 0 ? (
            <StatusBadge status="Conflict" label={`Paid ${formatCents(entry.money.overCents)} too much`} />
          ) : (
            <StatusBadge status="Approved" label="Paid" />
          )}
        </span>
      </div>
      <CashRecords name={entry.name} cash={entry.money.cash} />
      <div className="flex flex-wrap gap-2">
        <form method="post" onSubmit={action.onSubmit}>
          <input type="hidden" name="intent" value={checkedIn ? "undoCheckIn" : "checkIn"} />
          <input type="hidden" name="entry_id" value={entry.id} />
          <Button
            type="submit"
            variant={checkedIn ? "secondary" : "primary"}
            disabled={action.busy || closed}
            aria-label={`${checkedIn ? "Undo check-in of" : "Check in"} ${entry.name}`}
          >
            {action.busy ? (checkedIn ? "Undoing…" : "Checking in…") : checkedIn ? "Undo" : "Check in"}
          </Button>
        </form>
        <Button variant="secondary" aria-expanded={cash} onClick={() => setCash(!cash)} aria-label={`Take cash from ${entry.name}`}>
          Take cash
        </Button>
        <WithdrawAction entry={entry} onSubmit={entry.night.cardStarted ? action.onSubmit : withdrawals.onSubmit} />
      </div>
      <NightResult action={action} />
      {cash ? <TakeCash entry={entry} onDone={() => setCash(false)} /> : null}
    </li>
  );
}
