// A course layout as the admin's form, the pages and the /api read it (ADR 25): 9 to 27
// holes, each with a par, an optional distance in feet, and an optional place in the
// order in which holes take a second card in a shotgun start. Pure; both sides use it.

export const HOLE_COUNT = { min: 9, max: 27, default: 18 } as const;
export const PAR = { min: 2, max: 9, default: 3 } as const;
export const DISTANCE_FEET = { min: 1, max: 3000 } as const;

export type Hole = { par: number; distanceFeet: number | null; secondCardOrder: number | null };

export const totalPar = (holes: readonly { par: number }[]): number => holes.reduce((sum, h) => sum + h.par, 0);

/** `holes` cut to `count`, or filled to it with `blank()` holes (a layout that grew). */
export function fitHoles<T>(holes: readonly T[], count: number, blank: () => T): T[] {
  return Array.from({ length: count }, (_, i) => (i < holes.length ? (holes[i] as T) : blank()));
}

/** A new layout's holes: par 3, no distance, no second card. */
export const blankHole = (): Hole => ({ par: PAR.default, distanceFeet: null, secondCardOrder: null });

/**
 * The second-card places as typed (distinct positive numbers, gaps allowed: 1, 4, 9)
 * renumbered 1, 2, 3 in the same order; holes without one stay null.
 */
export function renumberSecondCards(orders: readonly (number | null)[]): (number | null)[] {
  const sorted = orders.filter((o): o is number => o !== null).sort((a, b) => a - b);
  return orders.map((o) => (o === null ? null : sorted.indexOf(o) + 1));
}

/** The holes that take a second card, in the order they take it (app/lib/cards.ts startingHoles). */
export function secondCardHoles(holes: readonly { secondCardOrder: number | null }[]): number[] {
  return holes
    .flatMap((h, i) => (h.secondCardOrder === null ? [] : [{ hole: i + 1, order: h.secondCardOrder }]))
    .sort((a, b) => a.order - b.order)
    .map((h) => h.hole);
}

/** "18 holes · par 57": a layout's size as lists and the round page say it. */
export const holesAndPar = (layout: { holeCount: number; par: number }): string => `${layout.holeCount} holes · par ${layout.par}`;
