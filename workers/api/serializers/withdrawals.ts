import { toDollars } from "./money";
import type { Withdrawal } from "~/.server/services/entries/withdrawal";

/** What a withdrawal gave back as league credit, in dollars: in all, and by how the entry had been paid. */
export function withdrawalJson(w: Withdrawal) {
  return {
    entry_id: w.entryId,
    round_id: w.roundId,
    round_name: w.roundName,
    player_id: w.playerId,
    player_name: w.playerName,
    credit_back: toDollars(w.totalCents),
    paid_back: { credit: toDollars(w.creditCents), paypal: toDollars(w.paypalCents), cash: toDollars(w.cashCents) },
  };
}

export type WithdrawalJson = ReturnType<typeof withdrawalJson>;
