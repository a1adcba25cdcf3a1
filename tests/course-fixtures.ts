// Courses and layouts for the tests: made through the services the admin pages use, with
// names no other test shares.
import { uniq, testDb } from "./fixtures";
import { createCourse } from "~/.server/services/courses/courses";
import { createLayout } from "~/.server/services/courses/layouts";
import { type Hole, blankHole } from "~/lib/courses/layouts";

/** Holes with these pars (distances and second cards left out). */
export const holesOf = (pars: readonly number[]): Hole[] => pars.map((par) => ({ ...blankHole(), par }));

/** 18 holes, par 3 but holes 5 and 14 (par 4): par 56. */
export const PAR_56 = holesOf(Array.from({ length: 18 }, (_, i) => (i === 4 || i === 13 ? 4 : 3)));

/** A course with one layout: their ids and names. */
export async function makeCourse(opts: { holes?: Hole[]; place?: string } = {}) {
  const db = testDb();
  const courseName = `Course ${uniq()}`;
  const { id: courseId } = await createCourse(db, { name: courseName, place: opts.place ?? "Springfield" });
  const layoutName = `Layout ${uniq()}`;
  const { id: layoutId } = await createLayout(db, courseId, { name: layoutName, holes: opts.holes ?? PAR_56 });
  return { courseId, courseName, layoutId, layoutName };
}
