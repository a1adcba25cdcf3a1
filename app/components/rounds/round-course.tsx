import type { ReactNode } from "react";
import type { RoundCourse } from "~/.server/services/courses/layout-sql";
import { holesAndPar } from "~/lib/courses/layouts";

const detail = (text: string) => <span className="block text-sm font-normal text-muted">{text}</span>;

/**
 * A round's course and layout as its page's stats show them (ADR 25): the course with its
 * place, the layout with its holes and par. None for a round without a layout: its
 * location (in the page's subtitle) is all there is.
 */
export function courseStats(course: RoundCourse | null): { label: string; value: ReactNode }[] {
  if (!course) return [];
  return [
    {
      label: "Course",
      value: (
        <>
          {course.courseName}
          {course.place ? detail(course.place) : null}
        </>
      ),
    },
    {
      label: "Layout",
      value: (
        <>
          {course.layoutName}
          {detail(holesAndPar(course))}
        </>
      ),
    },
  ];
}
