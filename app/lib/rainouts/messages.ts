import { formatCents } from "../shared/money";

// The words of a rain-out's cancel and restore (ADR 50): what the API answers, what the
// screens say and what the transfers are called, one list the services and tests read.

/** The longest reason a cancel takes: it shows on the round's pages ("Cancelled: weather"). */
export const REASON_MAX = 80;

export const CANCEL_MESSAGES = {
  already: (round: string) => `${round} is already cancelled.`,
  credited: (round: string) =>
    `${round}'s payouts or side pots were credited, so it cannot be cancelled: take the credited payouts back first.`,
  pot: (why: string) => `Cancelling would take its ace fees out of the ace pot: ${why}`,
  busy: "The round changed while cancelling it. Please try again.",
  creditBack: (round: string, reason: string) => `Cancelled: ${round} (${reason}): the credit its entry used, back`,
  paymentBack: (round: string, reason: string) => `Cancelled: ${round} (${reason}): what was paid, back as credit`,
  done: (round: string, cents: number, players: number) =>
    `${round} is cancelled. ${formatCents(cents)} went back to ${players} ${players === 1 ? "player" : "players"} as league credit.`,
} as const;

export const RESTORE_MESSAGES = {
  notCancelled: (round: string) => `${round} is not cancelled.`,
  spent: (player: string, cents: number) =>
    `${player} has spent ${formatCents(cents)} of the credit the cancel gave back, so the round cannot be restored exactly.`,
  refunded: (player: string) => `${player}'s PayPal payment went back to PayPal after the cancel, so the round cannot be restored exactly.`,
  entries: (round: string) => `An entry, withdrawal or payment of ${round} changed after the cancel, so it cannot be restored exactly.`,
  aces: "An ace was paid, changed or deleted after the cancel (the ace pot moved), so the round cannot be restored exactly.",
  pot: (why: string) => `Restoring would bring back aces the ace pot can no longer pay: ${why}`,
  busy: "The round changed while restoring it. Please try again.",
  done: (round: string) => `${round} is restored: its entries, cards and money are as they were before the cancel.`,
} as const;
