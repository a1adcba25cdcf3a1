import { toDollars } from "./money";
import type { TransferRow } from "~/.server/services/money/transfers";

/** A transfer as the /api shows it: fPlayer and tPlayer are names, null for the league. */
export function transferJson(t: TransferRow) {
  return {
    id: t.id,
    d: t.date,
    fromPlayer: t.fromPlayerId,
    toPlayer: t.toPlayerId,
    description: t.description,
    fPlayer: t.fromName,
    tPlayer: t.toName,
    amt: toDollars(t.amountCents),
  };
}

export type TransferJson = ReturnType<typeof transferJson>;
