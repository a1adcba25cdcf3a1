import { type FormEvent, useEffect, useState } from "react";
import { NightResult, useNightAction } from "./night-action";
import { TakeCash } from "./take-cash";
import { WithdrawAction } from "~/components/entries/withdraw-action";
import type { NightEntry } from "~/.server/services/night/night-screen";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { paidLine } from "~/lib/money/entry-money";
import { formatCents } from "~/lib/shared/money";
import { CashRecords, VoidCashOutcome } from "~/components/entries/void-cash";

type NightAction = ReturnType<typeof useNightAction>;

// The night's entries the desk lists (ADR 38), one row each as a phone shows them: who,
// checked in or not, how the entry was paid and what it still owes, with Check in / Undo,
// Take cash, and Withdraw (before their card's first score) or Mark DNF (after it, ADR 34).
// What a row's action did goes to the desk's "Done just now", which outlives the row.

/** Hands an action's success to the desk once per answer. */
export function useDone(action: NightAction, onDone: (message: string) => void) {
  const success = action.answer?.success;
  const answer = action.answer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, not per render of onDone
  useEffect(() => {
    if (success) onDone(success);
  }, [answer]);
}

export function NightEntries({
  entries,
  total,
  closed,
  onDone,
  keep,
}: {
  entries: NightEntry[];
  total: number;
  closed: boolean;
  onDone: (message: string) => void;
  /** Keeps a row in view under the filter while its action runs. */
  keep: (entryId: number) => void;
}) {
  // A withdrawal removes its row: its answer is handled here, which stays.
  const withdrawals = useNightAction();
  useDone(withdrawals, onDone);
  return (
    <section aria-labelledby="entries-title" className="space-y-2">
      <h3 id="entries-title" className="font-semibold">
        Players ({entries.length === total ? total : `${entries.length} of ${total}`})
      </h3>
      {withdrawals.answer?.success ? null : <NightResult action={withdrawals} />}
      <VoidCashOutcome />
      {total === 0 ? (
        <p className="text-sm text-muted">No one is entered yet: find a player above to add a walk-up.</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">No player of this round matches.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface shadow-sm">
          {entries.map((entry) => (
            <NightEntryRow key={entry.id} entry={entry} closed={closed} withdrawals={withdrawals} onDone={onDone} keep={keep} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NightEntryRow({
  entry,
  closed,
  withdrawals,
  onDone,
  keep,
}: {
  entry: NightEntry;
  closed: boolean;
  withdrawals: NightAction;
  onDone: (message: string) => void;
  keep: (entryId: number) => void;
}) {
  const action = useNightAction();
  useDone(action, onDone);
  const [cash, setCash] = useState(false);
  const checkedIn = entry.checkedInAt !== null;
  const owed = entry.money.owedCents;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    keep(entry.id);
    action.onSubmit(e);
  };
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
        <form method="post" onSubmit={submit}>
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
        <WithdrawAction entry={entry} onSubmit={entry.night.cardStarted ? submit : withdrawals.onSubmit} />
      </div>
      {/* Its success is in "Done just now"; a refusal stays on the row it concerns. */}
      {action.answer?.success ? null : <NightResult action={action} />}
      {cash ? <TakeCash entry={entry} onDone={() => setCash(false)} /> : null}
    </li>
  );
}
