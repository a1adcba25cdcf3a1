import { QUIET_FROM_HOUR, QUIET_UNTIL_HOUR } from "./kinds";
import { wallParts, zonedTimeToEpoch } from "../shared/time";

const HOUR = 3600;

// The league's quiet hours (ADR 49): from 22:00 to 08:00 in its time zone nothing is pushed
// but a cancellation; a push held through them goes at 08:00.

/** When the quiet hours around `now` end in `timeZone`, or null when it is not quiet. */
export function quietUntil(now: number, timeZone: string): number | null {
  const wall = wallParts(now, timeZone);
  if (wall.hour >= QUIET_UNTIL_HOUR && wall.hour < QUIET_FROM_HOUR) return null;
  // Before 08:00: this morning's; after 22:00: tomorrow's, its date read in the zone some
  // hours after midnight (a DST change moves the clock an hour at most).
  const day = wall.hour < QUIET_UNTIL_HOUR ? wall : wallParts(now + (24 - wall.hour + 4) * HOUR, timeZone);
  return zonedTimeToEpoch({ year: day.year, month: day.month, day: day.day, hour: QUIET_UNTIL_HOUR }, timeZone);
}
