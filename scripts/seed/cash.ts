// What the rest of a played round's field paid at the course: cash, recorded as an admin
// records it on the entries screen (ADR 22), so a past round of the demo and scale
// leagues owes nothing and the books show where its money came from.
import { entryTotalCents } from "../../app/lib/signup/pricing";
import type { SeedEntry, SeedPayment, SeedRound } from "./types";

/** `payments` and, after them, one cash payment for each past entry that credit and PayPal left owing. */
export function withCashAtTheCourse(
  rounds: readonly SeedRound[],
  entries: readonly SeedEntry[],
  payments: readonly SeedPayment[],
): SeedPayment[] {
  const roundOf = new Map(rounds.map((r) => [r.id, r]));
  const paymentOf = new Map(payments.map((p) => [p.id, p]));
  const all = [...payments];
  for (const e of entries) {
    const round = roundOf.get(e.roundId);
    if (round?.kind !== "past") continue;
    const payment = e.paymentId === null ? undefined : paymentOf.get(e.paymentId);
    const byPayPal = payment?.method === "paypal" ? payment.amount - payment.leagueFee : 0;
    const owed = entryTotalCents(round, e.ace) - e.creditUsed - byPayPal;
    if (owed <= 0) continue;
    const at = round.startsAt - 1_800;
    all.push({
      id: all.length + 1,
      userId: null,
      roundId: round.id,
      playerId: e.playerId,
      method: "cash",
      amount: owed,
      leagueFee: 0,
      providerFee: null,
      creditUsed: 0,
      aceOptIn: e.ace,
      division: e.division,
      transactionId: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  return all;
}
