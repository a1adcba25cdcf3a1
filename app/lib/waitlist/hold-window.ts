// How long a freed place is held for the player it is offered to (ADR 28): a sixth of the
// time left before the round starts, at most 12 hours (an offer days ahead need not wait
// longer for a player who reads mail once a day) and at least 30 minutes (on the day, long
// enough to see it and pay). An offer never outlives the round's start: after it, the
// place is no longer worth holding.

export const HOLD_MAX_SECONDS = 12 * 3600;
export const HOLD_MIN_SECONDS = 30 * 60;
const SHARE_OF_TIME_LEFT = 6;

/** Seconds an offer made at `now` is held for a round starting at `startsAt`; 0 once it has started. */
export function holdWindowSeconds(now: number, startsAt: number): number {
  const left = startsAt - now;
  if (left <= 0) return 0;
  const scaled = Math.floor(left / SHARE_OF_TIME_LEFT);
  return Math.min(left, Math.min(HOLD_MAX_SECONDS, Math.max(HOLD_MIN_SECONDS, scaled)));
}

/** When an offer made at `now` lapses: now + the hold window; null once the round has started (no offer is made). */
export function offerDeadline(now: number, startsAt: number): number | null {
  const hold = holdWindowSeconds(now, startsAt);
  return hold > 0 ? now + hold : null;
}
