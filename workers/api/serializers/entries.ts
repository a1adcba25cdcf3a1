import { toDollars } from "./money";
import type { EntryRow } from "~/.server/services/rounds/entries";
import { positionLabel } from "~/lib/results";
import type { SignUpQuote } from "~/lib/pricing";

/** An entry as the /api shows it: the wire's field names, money in dollars. */
export function entryJson(e: EntryRow) {
  return {
    id: e.id,
    player_id: e.playerId,
    round_id: e.roundId,
    fn: e.firstName,
    ln: e.lastName,
    pdga: e.pdga,
    division: e.division,
    ace: e.ace,
    score: e.score,
    payout: toDollars(e.payoutCents),
    payoutAdjust: toDollars(e.payoutAdjustCents),
    credit_added: toDollars(e.creditAddedCents),
    credit_used: toDollars(e.creditUsedCents),
    payment_id: e.paymentId,
    EntryPayout: toDollars(e.entryPayoutCents),
    result: e.result,
    position: positionLabel(e.result),
    rating: e.rating,
    /** What an edit or delete of this entry sends back (ADR 20). */
    version: e.version,
  };
}

/** A sign-up paid by credit (POST /api/entries, a confirmed waitlist offer): the entry and what it cost. */
export function creditSignUpJson(entry: EntryRow, quote: SignUpQuote) {
  return { success: true, entry: entryJson(entry), total: toDollars(quote.totalCents), credit_used: toDollars(quote.creditUsedCents) };
}
