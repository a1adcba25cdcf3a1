import type { Withdrawal } from "./withdrawal";
import { paidLine } from "~/lib/money/entry-money";
import { formatCents } from "~/lib/shared/money";

// What a withdrawal (ADR 22) says it gave back, to the player and to the admin.

const parts = (w: Withdrawal) =>
  paidLine({ creditCents: w.creditCents, paypalCents: w.paypalCents, cashCents: w.cashCents }).replace(/^Paid: /, "");

/** What the round page says after a player withdrew: "You withdrew from Week 5. $6.19 is back as your league credit." */
export function playerWithdrawalMessage(w: Withdrawal): string {
  const back =
    w.totalCents > 0 ? `${formatCents(w.totalCents)} is back as your league credit.` : "Nothing had been paid, so no credit came back.";
  return `You withdrew from ${w.roundName}. ${back}`;
}

/** What the entries screen says after the admin withdrew an entry, with what came back and how it had been paid. */
export function adminWithdrawalMessage(w: Withdrawal): string {
  if (w.totalCents === 0) return `Withdrew ${w.playerName} from ${w.roundName}. Nothing had been paid, so no credit came back.`;
  return `Withdrew ${w.playerName} from ${w.roundName}: ${formatCents(w.totalCents)} back as league credit (${parts(w)}).`;
}
