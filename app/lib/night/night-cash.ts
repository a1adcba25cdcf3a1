import { type MoneyPayment, paysCents } from "../money/entry-money";
import { type RoundFees, entryTotalCents } from "../signup/pricing";

// What a round's cash paid for (ADR 38), for the night's cash summary: pure, so the summary
// and its tests split it the same way. Every cent of cash lands in exactly one part, so the
// parts add up to the cash the reports count for the round.

export type CashSplit = {
  /** Cash that paid entries (with their ace fund). */
  entriesCents: number;
  /** Cash that paid side pot buy-ins. */
  potsCents: number;
  /** Cash above what its entry cost (recorded as more than owed): the books check lists it. */
  overCents: number;
  /** Cash since given back as credit (a withdrawal, or an entry's excess). */
  backCents: number;
  /** Cash of a player with no entry in the round. */
  noEntryCents: number;
  totalCents: number;
};

type SplitEntry = { playerId: number; ace: boolean; creditUsedCents: number; sidePotsCents: number };
type SplitPayment = MoneyPayment & { playerId: number };

/**
 * Credit and PayPal pay an entry first (they were paid before the night); cash then pays
 * the entry, then its side pots, and what is left is over. Cash records go in their order.
 */
export function cashSplit(round: RoundFees, entries: readonly SplitEntry[], payments: readonly SplitPayment[]): CashSplit {
  const split: CashSplit = { entriesCents: 0, potsCents: 0, overCents: 0, backCents: 0, noEntryCents: 0, totalCents: 0 };
  const byPlayer = new Map(entries.map((e) => [e.playerId, e]));
  const owing = new Map<number, { entry: number; pots: number }>();
  for (const e of entries) {
    const entryPrice = entryTotalCents(round, e.ace, 0);
    const before =
      e.creditUsedCents + payments.filter((p) => p.playerId === e.playerId && p.method === "paypal").reduce((s, p) => s + paysCents(p), 0);
    owing.set(e.playerId, {
      entry: Math.max(0, entryPrice - before),
      pots: Math.max(0, e.sidePotsCents - Math.max(0, before - entryPrice)),
    });
  }
  for (const p of [...payments].filter((x) => x.method === "cash").sort((a, b) => a.id - b.id)) {
    split.totalCents += p.amountCents;
    if (p.givenBackCents !== null) {
      split.backCents += p.amountCents;
      continue;
    }
    const back = Math.min(p.amountCents, p.excessBackCents);
    split.backCents += back;
    let left = p.amountCents - back;
    const owes = byPlayer.has(p.playerId) ? owing.get(p.playerId) : undefined;
    if (!owes) {
      split.noEntryCents += left;
      continue;
    }
    const toEntry = Math.min(left, owes.entry);
    owes.entry -= toEntry;
    left -= toEntry;
    const toPots = Math.min(left, owes.pots);
    owes.pots -= toPots;
    split.entriesCents += toEntry;
    split.potsCents += toPots;
    split.overCents += left - toPots;
  }
  return split;
}
