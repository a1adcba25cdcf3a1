// A round's field against its caps (ADR 28): what the round page shows ("18 of 20 places")
// and which division a freed place can go to. A place is taken by an entry or held by an
// open offer. The write that fills a place is guarded in SQL by the same rule
// (services/waitlist/field-guard.ts); this is its reading for pages and plans.

export type FieldCaps = { total: number | null; divisions: Record<string, number> };

export type FieldCount = { total: number; byDivision: Record<string, number> };

export const NO_CAPS: FieldCaps = { total: null, divisions: {} };

/** The caps stored on a round (`division_caps` is JSON {division: places}); anything unreadable is no cap. */
export function capsOf(fieldCap: number | null, divisionCaps: string | null): FieldCaps {
  let divisions: Record<string, number> = {};
  try {
    const parsed: unknown = divisionCaps ? JSON.parse(divisionCaps) : {};
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      divisions = Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) >= 0),
      );
    }
  } catch {
    divisions = {};
  }
  return { total: fieldCap, divisions };
}

export const capsCapped = (caps: FieldCaps) => caps.total !== null || Object.keys(caps.divisions).length > 0;

/** Places still free in `division` (Infinity when neither the round nor the division is capped). */
export function placesLeft(caps: FieldCaps, taken: FieldCount, division: string): number {
  const total = caps.total === null ? Number.POSITIVE_INFINITY : caps.total - taken.total;
  const cap = caps.divisions[division];
  const inDivision = cap === undefined ? Number.POSITIVE_INFINITY : cap - (taken.byDivision[division] ?? 0);
  return Math.max(0, Math.min(total, inDivision));
}

/** Why `division` has no place, or null when it has one. */
export function fullMessage(caps: FieldCaps, taken: FieldCount, division: string): string | null {
  if (caps.total !== null && taken.total >= caps.total) return "The round is full.";
  const cap = caps.divisions[division];
  if (cap !== undefined && (taken.byDivision[division] ?? 0) >= cap) return `The ${division} division is full.`;
  return null;
}

/** "18 of 20 places" (or "18 players" with no cap). */
export function placesLine(taken: number, cap: number | null): string {
  if (cap === null) return `${taken} ${taken === 1 ? "player" : "players"}`;
  return `${taken} of ${cap} ${cap === 1 ? "place" : "places"}`;
}

/**
 * The field as the list will read once settled (ADR 28): each waiting player in order
 * whose division has room takes a place (offered it, or entered at once) and no longer
 * waits. A page shows this while a freed place, or a lapsed offer's, is not yet passed on,
 * so no one else is told of room that is the next player's. `offering`: false once the
 * round is closed or started, when no place is offered.
 */
export function settledField(caps: FieldCaps, taken: FieldCount, queue: readonly string[], offering: boolean) {
  const after: FieldCount = { total: taken.total, byDivision: { ...taken.byDivision } };
  let waiting = queue.length;
  if (!offering) return { taken: after, waiting };
  for (const division of queue) {
    if (placesLeft(caps, after, division) <= 0) continue;
    after.total++;
    after.byDivision[division] = (after.byDivision[division] ?? 0) + 1;
    waiting--;
  }
  return { taken: after, waiting };
}
