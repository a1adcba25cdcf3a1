import type { CourseRow, LayoutSummary } from "~/.server/services/courses/courses";
import type { Hole } from "~/lib/courses/layouts";

/** A layout as the /api shows it: its size, par and the rounds that play it, and, when read, its holes numbered from 1. */
export function layoutJson(l: LayoutSummary & { holes?: Hole[] }) {
  return {
    id: l.id,
    course_id: l.courseId,
    name: l.name,
    hole_count: l.holeCount,
    par: l.par,
    round_count: l.roundCount,
    /** What a save of this layout sends back (ADR 20). */
    version: l.version,
    ...(l.holes
      ? {
          holes: l.holes.map((h, i) => ({
            hole: i + 1,
            par: h.par,
            distance_feet: h.distanceFeet,
            second_card_order: h.secondCardOrder,
          })),
        }
      : {}),
  };
}

/** A course with its layouts. */
export function courseJson(c: CourseRow & { layouts: (LayoutSummary & { holes?: Hole[] })[] }) {
  return { id: c.id, name: c.name, place: c.place, layouts: c.layouts.map(layoutJson) };
}

export type LayoutJson = ReturnType<typeof layoutJson>;
export type CourseJson = ReturnType<typeof courseJson>;
