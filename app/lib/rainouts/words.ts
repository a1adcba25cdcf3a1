// Rain-outs in words (ADR 50), for every page, the /api's readers and the calendar: a
// cancelled round says so in these words wherever it shows, and its results are void.

/** What a cancelled round is called before its reason (and a calendar event's summary starts with, then ": "). */
export const CANCELLED = "Cancelled";

/** "Cancelled: weather"; without a reason, "Cancelled". */
export function cancelledLabel(reason: string | null): string {
  const said = reason?.trim();
  return said ? `${CANCELLED}: ${said}` : CANCELLED;
}

/** Whether a round (its `cancelledAt`) is cancelled: a cancelled round counts for nothing. */
export const isCancelled = (round: { cancelledAt: number | null }): boolean => round.cancelledAt !== null;
