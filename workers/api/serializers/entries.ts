import { toDollars } from "./money";
import type { EntryRow } from "~/.server/services/entries/entries";
import { positionLabel } from "~/lib/rounds/results";
import type { SignUpQuote } from "~/lib/signup/pricing";

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

/** A sign-up PayPal paid (POST /api/entries, the capture): the entry. */
export function paidSignUpJson(entry: EntryRow) {
  return { success: true as const, entry: entryJson(entry) };
}

/** A capture PayPal has yet to complete (202): the words to show; PayPal's webhook finishes it. */
export function pendingSignUpJson(message: string) {
  return { success: false as const, pending: true as const, error: message };
}

/** POST /api/admin/entry/add: the entry added, with the version its next edit sends. */
export function newEntryJson(entry: EntryRow) {
  return { success: true as const, newEntry: entryJson(entry) };
}

/** POST /api/entries/paypal-order: the PayPal order to approve and what it charges, in dollars. */
export function payPalOrderJson(orderId: string, quote: SignUpQuote) {
  return {
    orderID: orderId,
    amount: toDollars(quote.chargeCents),
    fee: toDollars(quote.feeCents),
    credit_used: toDollars(quote.creditUsedCents),
  };
}

export type EntryJson = ReturnType<typeof entryJson>;
export type CreditSignUpJson = ReturnType<typeof creditSignUpJson>;
export type PaidSignUpJson = ReturnType<typeof paidSignUpJson>;
export type PendingSignUpJson = ReturnType<typeof pendingSignUpJson>;
/** What POST /api/entries answers a sign-up. */
export type SignUpJson = CreditSignUpJson | PaidSignUpJson | PendingSignUpJson;
export type NewEntryJson = ReturnType<typeof newEntryJson>;
export type PayPalOrderJson = ReturnType<typeof payPalOrderJson>;
