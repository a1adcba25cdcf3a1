import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAR_56, holesOf, makeCourse } from "../course-fixtures";
import { makeRound, refusal, testDb, uniq } from "../fixtures";
import { courses, layoutHoles, layouts, rounds } from "~/.server/db/schema";
import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from "~/.server/services/courses/courses";
import { LAYOUT_CHANGED, createLayout, deleteLayout, getLayout, updateLayout } from "~/.server/services/courses/layouts";

// The course rules of ADR 25: unique names, a layout's holes saved whole over the version
// read, and nothing a round plays is ever deleted.

const holeRows = (layoutId: number) =>
  testDb().select().from(layoutHoles).where(eq(layoutHoles.layoutId, layoutId)).orderBy(layoutHoles.hole);

describe("courses and layouts", () => {
  it("lists each course with its layouts: hole count, total par and the rounds that play it", async () => {
    const { courseId, layoutId } = await makeCourse({ place: "Millbrook" });
    const { id: nine } = await createLayout(testDb(), courseId, { name: "Front nine", holes: holesOf([3, 3, 4, 3, 3, 5, 3, 3, 3]) });
    await makeRound({ layoutId });
    await makeRound({ layoutId });
    const course = (await listCourses(testDb())).find((c) => c.id === courseId);
    expect(course).toMatchObject({ place: "Millbrook" });
    expect(course?.layouts.map((l) => [l.id, l.holeCount, l.par, l.roundCount])).toEqual([
      [layoutId, 18, 56, 2],
      [nine, 9, 30, 0],
    ]);
    const layout = await getLayout(testDb(), nine);
    expect(layout.holes.map((h) => h.par)).toEqual([3, 3, 4, 3, 3, 5, 3, 3, 3]);
    expect(await holeRows(nine)).toHaveLength(9);
  });

  it("keeps course names unique, and layout names unique within a course only", async () => {
    const { courseName, courseId, layoutName } = await makeCourse();
    const taken = await refusal(createCourse(testDb(), { name: courseName, place: "" }));
    expect([taken.status, taken.message]).toEqual([409, `There is a course named “${courseName}” already. Give this one another name.`]);
    const twice = await refusal(createLayout(testDb(), courseId, { name: layoutName, holes: PAR_56 }));
    expect(twice.status).toBe(409);
    const other = await makeCourse();
    expect((await createLayout(testDb(), other.courseId, { name: layoutName, holes: PAR_56 })).id).toBeGreaterThan(0);
    expect((await refusal(createLayout(testDb(), 987_654_321, { name: "x", holes: PAR_56 }))).status).toBe(404);
  });

  it("saves a layout whole over the version read; an older version is 409 and writes nothing", async () => {
    const { layoutId } = await makeCourse();
    const nine = holesOf([3, 3, 3, 4, 3, 3, 3, 3, 5]).map((h, i) => ({ ...h, distanceFeet: 250 + i, secondCardOrder: i === 2 ? 1 : null }));
    const answered = await updateLayout(testDb(), layoutId, 0, { name: "Short nine", holes: nine });
    const saved = await getLayout(testDb(), layoutId);
    // The save answers the layout as stored.
    expect(answered).toEqual(saved);
    expect(saved).toMatchObject({ name: "Short nine", holeCount: 9, par: 30, version: 1 });
    expect(saved.holes[2]).toEqual({ par: 3, distanceFeet: 252, secondCardOrder: 1 });
    const stale = await refusal(updateLayout(testDb(), layoutId, 0, { name: "Stale", holes: PAR_56 }));
    expect([stale.status, stale.message]).toEqual([409, LAYOUT_CHANGED]);
    expect(await getLayout(testDb(), layoutId)).toEqual(saved);
    expect((await refusal(updateLayout(testDb(), 987_654_321, 0, { name: "x", holes: PAR_56 }))).status).toBe(404);
  });

  it("of twenty saves from one read, exactly one is written", async () => {
    const { layoutId } = await makeCourse();
    const saves = Array.from({ length: 20 }, (_, i) => updateLayout(testDb(), layoutId, 0, { name: `Try ${i}`, holes: PAR_56 }));
    const results = await Promise.allSettled(saves);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.status)).toEqual(
      Array(19).fill(409),
    );
    expect((await getLayout(testDb(), layoutId)).version).toBe(1);
  });

  it("refuses to delete a layout a round plays (409 saying how many) and deletes one that none plays, holes and all", async () => {
    const used = await makeCourse();
    await makeRound({ layoutId: used.layoutId });
    await makeRound({ layoutId: used.layoutId });
    const refused = await refusal(deleteLayout(testDb(), used.layoutId));
    expect([refused.status, refused.message]).toEqual([
      409,
      "2 rounds use this layout, so it cannot be deleted. Give those rounds another layout first.",
    ]);
    expect(await holeRows(used.layoutId)).toHaveLength(18);
    const free = await makeCourse();
    await deleteLayout(testDb(), free.layoutId);
    expect(await testDb().select().from(layouts).where(eq(layouts.id, free.layoutId))).toEqual([]);
    expect(await holeRows(free.layoutId)).toEqual([]);
    expect((await refusal(deleteLayout(testDb(), free.layoutId))).status).toBe(404);
  });

  it("refuses to delete a course whose layouts rounds play; deletes an unplayed one with its layouts", async () => {
    const used = await makeCourse();
    await makeRound({ layoutId: used.layoutId });
    const refused = await refusal(deleteCourse(testDb(), used.courseId));
    expect([refused.status, refused.message]).toEqual([409, "1 round uses this course's layouts, so it cannot be deleted."]);
    const free = await makeCourse();
    await deleteCourse(testDb(), free.courseId);
    expect(await testDb().select().from(courses).where(eq(courses.id, free.courseId))).toEqual([]);
    expect(await holeRows(free.layoutId)).toEqual([]);
    expect((await refusal(getCourse(testDb(), free.courseId))).status).toBe(404);
  });

  it("renaming a course renames the location of the rounds that play its layouts, and no other", async () => {
    const { courseId, layoutId, courseName } = await makeCourse();
    const [on, off] = await Promise.all([makeRound({ layoutId, location: courseName }), makeRound({ location: courseName })]);
    const name = `Renamed ${uniq()}`;
    await updateCourse(testDb(), courseId, { name, place: "Elsewhere" });
    const locations = await testDb().select({ id: rounds.id, location: rounds.location }).from(rounds);
    expect(locations.find((r) => r.id === on.id)?.location).toBe(name);
    expect(locations.find((r) => r.id === off.id)?.location).toBe(courseName);
    expect(await getCourse(testDb(), courseId)).toMatchObject({ name, place: "Elsewhere" });
    expect((await refusal(updateCourse(testDb(), 987_654_321, { name: uniq(), place: "" }))).status).toBe(404);
  });
});
