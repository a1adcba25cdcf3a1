import { toDollars } from "./money";
import type { PaymentRow } from "~/.server/services/money/payments";

/** A payment as the /api shows it, money in dollars. */
export function paymentJson(p: PaymentRow) {
  return {
    id: p.id,
    amount: toDollars(p.amountCents),
    credit_used: toDollars(p.creditUsedCents),
    league_fee: toDollars(p.leagueFeeCents),
    paypal_fee: p.providerFeeCents === null ? null : toDollars(p.providerFeeCents),
    method: p.method,
    status: p.status,
    transaction_id: p.transactionId,
    payment_data: p.paymentData,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    round_id: p.roundId,
    round_date: p.roundDate,
    loc: p.roundLocation,
    user_id: p.userId,
    user_name: p.userName,
    player_id: p.playerId,
    player_name: p.playerName,
    refunded: toDollars(p.refundedCents),
    reversed: p.reversed,
    given_back: p.givenBackCents === null ? null : toDollars(p.givenBackCents),
  };
}

export type PaymentJson = ReturnType<typeof paymentJson>;
