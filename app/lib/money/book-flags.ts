import { formatCents } from "../shared/money";
import { type LeagueUrls, leagueUrls } from "../shared/league-url";

// What the books check flags for a person to act on (ADR 22), beside its two sums: money
// that the ledger balances but that no standing entry, credit or refund accounts for.

type Where = { roundId: number; roundName: string; roundD: number; playerName: string; cents: number };

export type BookFlag =
  /** An entry still stands although PayPal refunded (or reversed) its payment; the admin has not decided. */
  | (Where & { kind: "refund-standing"; entryId: number; reversal: boolean })
  /** Money received (PayPal or cash) for a round with no entry of the player standing, not given back as credit. */
  | (Where & { kind: "unentered"; paymentId: number; method: "paypal" | "cash" })
  /** A payment given back as credit that PayPal then refunded too: the player got it twice. */
  | (Where & { kind: "overpaid"; paymentId: number })
  /** An entry paid more than its price (ADR 37): a duplicate cash record, or money paid twice. */
  | (Where & { kind: "overpaid-entry"; entryId: number })
  /** Entries of a round whose credit Credit payouts gave for payouts they no longer have (ADR 37). */
  | (Where & { kind: "stale-credit"; count: number })
  /** A cancelled round's PayPal payment asked back (ADR 50), its credit taken back, whose refund is not recorded. */
  | (Where & { kind: "refund-asked"; paymentId: number });

/** At most this many flags are listed: more means something systematic, and the first ones say what. */
export const MAX_FLAGS = 100;

/** The flag in words, naming the player, the money and what the admin can do. */
export function flagText(f: BookFlag): string {
  const money = formatCents(f.cents);
  switch (f.kind) {
    case "refund-standing":
      return `PayPal ${f.reversal ? "reversed" : "refunded"} ${money} of ${f.playerName}'s payment for ${f.roundName}, and the entry still stands. Keep it (it then owes) or withdraw it.`;
    case "unentered":
      return `${f.playerName} paid ${money} ${f.method === "cash" ? "in cash" : "through PayPal"} for ${f.roundName} but has no entry there, and it was not given back as credit.`;
    case "overpaid":
      return `PayPal refunded ${money} to ${f.playerName} for ${f.roundName} after it had been given back as league credit: they got it twice.`;
    case "stale-credit":
      return `${f.roundName}: ${staleCreditText(f.count)}`;
    case "refund-asked":
      return `${f.playerName} asked for ${money} of their payment for ${f.roundName} back to PayPal and its credit was taken back, but no PayPal refund is recorded. If it does not come soon, refund it in PayPal or give it back as credit.`;
    case "overpaid-entry":
      return `${f.playerName}'s entry in ${f.roundName} is paid ${money} more than its price. Void the duplicate cash, or give the excess back as credit.`;
  }
}

/** Where the admin acts on a flag: the round's entries screen, at the entry, Credit payouts or the money to sort out. */
export function flagHref(f: BookFlag, { href }: Pick<LeagueUrls, "href"> = leagueUrls(null)): string {
  const at = f.kind === "refund-standing" ? `entry-${f.entryId}` : f.kind === "stale-credit" ? "credit-payouts" : "money-to-sort-out";
  return href(`/admin/round/play/${f.roundId}#${at}`);
}

/** "2 entries' credit differs from their payout: credit payouts again." */
export function staleCreditText(count: number): string {
  return count === 1
    ? "1 entry's credit differs from its payout: credit payouts again."
    : `${count} entries' credit differs from their payout: credit payouts again.`;
}
