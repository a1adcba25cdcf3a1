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

/** The holes a round without a layout is played on: 18 of par 3, as a new layout starts. */
export const holesWithoutLayout = (): { hole: number; par: number }[] =>
  Array.from({ length: HOLE_COUNT.default }, (_, i) => ({ hole: i + 1, par: PAR.default }));

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

/** The holes that take a second card, in the order they take it (app/lib/cards/cards.ts startingHoles). */
export function secondCardHoles(holes: readonly { secondCardOrder: number | null }[]): number[] {
  return holes
    .flatMap((h, i) => (h.secondCardOrder === null ? [] : [{ hole: i + 1, order: h.secondCardOrder }]))
    .sort((a, b) => a.order - b.order)
    .map((h) => h.hole);
}

/** "18 holes · par 57": a layout's size as lists and the round page say it. */
export const holesAndPar = (layout: { holeCount: number; par: number }): string => `${layout.holeCount} holes · par ${layout.par}`;

/** A layout as its form's inputs hold it: every value the text its input shows, the /api's names. */
export type HoleInputs = { par: string; distance_feet: string; second_card_order: string };
export type LayoutInputs = { name: string; hole_count: string; holes: HoleInputs[] };

export const blankHoleInputs = (): HoleInputs => ({ par: String(PAR.default), distance_feet: "", second_card_order: "" });

/** A stored layout as its form's inputs; none: a new layout of 18 par-3 holes. */
export function layoutInputs(layout?: { name: string; holes: readonly Hole[] }): LayoutInputs {
  if (!layout) {
    return { name: "", hole_count: String(HOLE_COUNT.default), holes: fitHoles([], HOLE_COUNT.default, blankHoleInputs) };
  }
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    name: layout.name,
    hole_count: String(layout.holes.length),
    holes: layout.holes.map((h) => ({
      par: String(h.par),
      distance_feet: text(h.distanceFeet),
      second_card_order: text(h.secondCardOrder),
    })),
  };
}

/** A course as a round's "Course and layout" choice offers it: its layouts, each with its size and par. */
export type CourseChoice = { name: string; layouts: { id: number; name: string; holeCount: number; par: number }[] };

/** The courses a round can play: those with a layout, each as a choice. */
export const courseChoices = (list: readonly CourseChoice[]): CourseChoice[] =>
  list.flatMap(({ name, layouts }) =>
    layouts.length ? [{ name, layouts: layouts.map(({ id, name, holeCount, par }) => ({ id, name, holeCount, par })) }] : [],
  );

/** The name of the course whose layout has id `layoutId` (a select's value), or null for none. */
export function courseOfLayout(choices: readonly CourseChoice[], layoutId: string): string | null {
  return choices.find((c) => c.layouts.some((l) => String(l.id) === layoutId))?.name ?? null;
}
