import { toDollars } from "./money";
import type { PlayerRound, RoundRow } from "~/.server/services/rounds/rounds";
import { positionLabel } from "~/lib/rounds/results";

/** A round as the /api shows it: the wire's field names, fees in dollars. */
export function roundJson(r: RoundRow) {
  return {
    id: r.id,
    d: r.startsAt,
    n: r.name,
    loc: r.location,
    fee_pdga: toDollars(r.feePdgaCents),
    fee_course: toDollars(r.feeCourseCents),
    fee_other: toDollars(r.feeOtherCents),
    ace: toDollars(r.aceCents),
    payout: toDollars(r.payoutCents),
    pdga_url: r.pdgaUrl,
    openForRegistration: r.openForRegistration,
    entry_count: r.entryCount,
    /** The layout played (GET /api/courses), null for none; a save sends it back or leaves it out to keep it. */
    layout_id: r.layoutId,
    /** Counts for bag tags (ADR 27); a save may leave it out to keep it. */
    tags: r.countsForTags,
    /** Random-draw doubles (ADR 31); a save may leave it out to keep it. */
    doubles: r.doubles,
    /** What a save of this round sends back (ADR 20). */
    version: r.version,
    /** Cancelled (ADR 50): the round counts for nothing; the reason says why ("weather"), null for none. */
    cancelled: r.cancelledAt !== null,
    cancel_reason: r.cancelledAt === null ? null : r.cancelReason,
  };
}

/** One of a player's rounds, with the place as "n of total". */
export function playerRoundJson(r: PlayerRound) {
  return {
    round_id: r.roundId,
    d: r.startsAt,
    n: r.roundName,
    division: r.division,
    score: r.score,
    result: r.result,
    position: positionLabel(r.result),
    payout: toDollars(r.payoutCents),
    payoutAdjust: toDollars(r.payoutAdjustCents),
    EntryPayout: toDollars(r.entryPayoutCents),
    credit_added: toDollars(r.creditAddedCents),
    credit_used: toDollars(r.creditUsedCents),
    rating: r.rating,
    /** The round was cancelled (ADR 50): this result is void. */
    cancelled: r.cancelledAt !== null,
    cancel_reason: r.cancelledAt === null ? null : r.cancelReason,
  };
}

export type RoundJson = ReturnType<typeof roundJson>;
export type PlayerRoundJson = ReturnType<typeof playerRoundJson>;
