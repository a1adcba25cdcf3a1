import type { FormEvent } from "react";
import { ReasonDialog } from "./reason-dialog";
import type { PlayEntry } from "~/.server/services/entries/entries-screen";
import { paidLine } from "~/lib/money/entry-money";
import { formatCents } from "~/lib/shared/money";

// An entry's way out of a round (ADR 34): Withdraw until its card has a score (what paid
// for it comes back as credit; a reason once the player is checked in), then Mark DNF,
// which the night screen offers (it goes through the live round).

/** What a withdrawal gives back, in words for its confirmation. */
export function backText(entry: PlayEntry): string {
  const { back, backCents } = entry.money;
  if (backCents === 0) return "The entry goes. Nothing was paid for it, so no credit comes back.";
  const how = paidLine(back).replace(/^Paid: /, "");
  return `The entry goes, and ${formatCents(backCents)} comes back to ${entry.name} as league credit (${how}).`;
}

/**
 * Withdraw, or once the card has a score Mark DNF. `onSubmit`: the night screen's action
 * (which alone offers DNF); without it the entries screen's form, which points there. An
 * entry with a result (a score or DNF) of a round scored on paper is finished: its row has
 * no Withdraw (ADR 39); an entry still without one (a no-show) keeps it.
 */
export function WithdrawAction({ entry, onSubmit }: { entry: PlayEntry; onSubmit?: (e: FormEvent<HTMLFormElement>) => void }) {
  const { cardNumber, cardStarted, checkedIn } = entry.night;
  const finished = entry.score > 0 || entry.dnf;
  if (finished && !(cardStarted && onSubmit)) return null;
  if (cardStarted && !onSubmit) {
    return <p className="max-w-48 text-xs text-muted">Card {cardNumber} has a score: mark them DNF on the league night screen.</p>;
  }
  if (cardStarted) {
    return (
      <ReasonDialog
        trigger="Mark DNF"
        triggerLabel={`Mark DNF for ${entry.name}`}
        title={`Mark ${entry.name} DNF?`}
        description={`They stay on card ${cardNumber} and in the results as DNF, win nothing, and their entry stays in the pool.`}
        confirmLabel="Mark DNF"
        intent="markDnf"
        fields={{ entry_id: entry.id }}
        reasonLabel="Reason (optional)"
        reasonHint="Needed once the scorecard is signed; kept in the audit log."
        reasonRequired={false}
        onSubmit={onSubmit}
      />
    );
  }
  return (
    <ReasonDialog
      trigger="Withdraw"
      tone="danger"
      triggerLabel={`Withdraw ${entry.name}`}
      title={`Withdraw ${entry.name}?`}
      description={backText(entry)}
      confirmLabel="Withdraw entry"
      intent={onSubmit ? "withdraw" : "deleteEntry"}
      fields={onSubmit ? { entry_id: entry.id } : { id: entry.id, version: entry.version }}
      reasonLabel={checkedIn ? "Reason" : "Reason (optional)"}
      reasonHint={checkedIn ? "They are checked in: say why. It is kept in the audit log." : "Kept in the audit log."}
      reasonRequired={checkedIn}
      onSubmit={onSubmit}
    />
  );
}
