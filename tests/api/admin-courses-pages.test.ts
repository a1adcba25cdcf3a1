// The admin's course pages through their route modules' own loaders and actions: guards,
// errors by field (400, never 500), the layout form's hole count, stale saves, deletes.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCourse } from "../course-fixtures";
import { makeRound, testDb, uniq } from "../fixtures";
import { argsFor, outcome } from "../route-fixtures";
import { courses } from "~/.server/db/schema";
import { getLayout } from "~/.server/services/courses/layouts";
import * as courseForm from "~/routes/admin-course-form";
import * as listPage from "~/routes/admin-courses";
import * as layoutForm from "~/routes/admin-layout-form";

/** A layout form's fields: `pars` as typed, one per hole, and the count. */
const layoutFields = (pars: string[], extra: Record<string, string> = {}) => ({
  name: `Layout ${uniq()}`,
  hole_count: String(pars.length),
  ...Object.fromEntries(pars.map((par, i) => [`holes[${i}].par`, par])),
  ...extra,
});
const threes = (n: number) => Array.from({ length: n }, () => "3");

describe("guards", () => {
  it.each([
    ["/admin/courses", listPage, {}],
    ["/admin/courses/1", courseForm, { courseId: "1" }],
    ["/admin/courses/1/layouts/new", layoutForm, { courseId: "1" }],
    ["/admin/layouts/1", layoutForm, { layoutId: "1" }],
  ] as const)("%s: no session → /login, a player → /, for the loader and the action", async (path, page, params) => {
    for (const [who, to] of [
      ["nobody", "/login"],
      ["player", "/"],
    ] as const) {
      expect(await outcome(page.loader(await argsFor(who, path, undefined, params)))).toMatchObject({ status: 302, location: to });
      expect(await outcome(page.action(await argsFor(who, path, { name: "never" }, params)))).toMatchObject({ status: 302, location: to });
    }
    expect(await testDb().select().from(courses).where(eq(courses.name, "never"))).toEqual([]);
  });
});

describe("/admin/courses", () => {
  it("adds a course and says so; a taken name is refused in the add form, with what was typed", async () => {
    const name = `Course ${uniq()}`;
    const added = await outcome(listPage.action(await argsFor("admin", "/admin/courses", { intent: "addCourse", name, place: "Elm" })));
    expect(added.status).toBe(302);
    const id = Number(/course=(\d+)/.exec(added.location ?? "")?.[1]);
    const page = await outcome(listPage.loader(await argsFor("admin", `/admin/courses?course=${id}`)));
    expect(page.data.notice).toBe(`Saved ${name}.`);
    expect(page.data.courses.find((c: { id: number }) => c.id === id)).toMatchObject({ name, place: "Elm", layouts: [] });
    const again = await outcome(listPage.action(await argsFor("admin", "/admin/courses", { intent: "addCourse", name, place: "X" })));
    expect(again).toMatchObject({
      status: 409,
      data: {
        formError: `There is a course named “${name}” already. Give this one another name.`,
        adding: true,
        values: { name, place: "X" },
      },
    });
    const blank = await outcome(listPage.action(await argsFor("admin", "/admin/courses", { intent: "addCourse", name: "" })));
    expect(blank).toMatchObject({ status: 400, data: { fieldErrors: { name: "Name is required" }, adding: true } });
  });

  it("deletes a layout and a course nobody plays; one a round plays is refused with how many", async () => {
    const free = await makeCourse();
    const deleted = await outcome(
      listPage.action(await argsFor("admin", "/admin/courses", { intent: "deleteLayout", id: String(free.layoutId) })),
    );
    expect(deleted.data).toEqual({ success: "Layout deleted." });
    const gone = await outcome(
      listPage.action(await argsFor("admin", "/admin/courses", { intent: "deleteCourse", id: String(free.courseId) })),
    );
    expect(gone.data).toEqual({ success: "Course deleted." });
    const used = await makeCourse();
    await makeRound({ layoutId: used.layoutId });
    const refused = await outcome(
      listPage.action(await argsFor("admin", "/admin/courses", { intent: "deleteLayout", id: String(used.layoutId) })),
    );
    expect(refused).toMatchObject({
      status: 409,
      data: { formError: "1 round uses this layout, so it cannot be deleted. Give those rounds another layout first." },
    });
  });
});

describe("the course form", () => {
  it("saves a course and goes back to the list; a bad one is 400 with what was typed", async () => {
    const { courseId } = await makeCourse();
    const params = { courseId: String(courseId) };
    const name = `Renamed ${uniq()}`;
    const saved = await outcome(courseForm.action(await argsFor("admin", `/admin/courses/${courseId}`, { name, place: "Oak" }, params)));
    expect(saved).toMatchObject({ status: 302, location: `/admin/courses?course=${courseId}` });
    const bad = await outcome(
      courseForm.action(await argsFor("admin", `/admin/courses/${courseId}`, { name: " ", place: "x".repeat(201) }, params)),
    );
    expect(bad).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: "Name is required", place: "Place must be at most 200 characters" }, values: { name: " " } },
    });
    const missing = await outcome(
      courseForm.loader(await argsFor("admin", "/admin/courses/987654321", undefined, { courseId: "987654321" })),
    );
    expect(missing.status).toBe(404);
  });
});

describe("the layout form", () => {
  it("adds a layout of the holes typed; a count that grew adds par-3 holes, one that shrank drops the last", async () => {
    const { courseId } = await makeCourse();
    const path = `/admin/courses/${courseId}/layouts/new`;
    const params = { courseId: String(courseId) };
    const grown = await outcome(
      layoutForm.action(await argsFor("admin", path, layoutFields(["4", ...threes(8)], { hole_count: "12" }), params)),
    );
    expect(grown.status).toBe(302);
    const id = Number(/layout=(\d+)/.exec(grown.location ?? "")?.[1]);
    expect(await getLayout(testDb(), id)).toMatchObject({ holeCount: 12, par: 37 });
    const shrunk = await outcome(
      layoutForm.action(await argsFor("admin", path, layoutFields(["5", ...threes(17)], { hole_count: "9" }), params)),
    );
    const small = await getLayout(testDb(), Number(/layout=(\d+)/.exec(shrunk.location ?? "")?.[1]));
    expect(small).toMatchObject({ holeCount: 9, par: 29 });
  });

  it("answers bad holes with 400, each error by its input, and shows what was posted", async () => {
    const { courseId } = await makeCourse();
    const fields = layoutFields(["3", "1", ...threes(7)], {
      "holes[4].distance_feet": "long",
      "holes[5].second_card_order": "2",
      "holes[6].second_card_order": "2",
    });
    const answer = await outcome(
      layoutForm.action(await argsFor("admin", `/admin/courses/${courseId}/layouts/new`, fields, { courseId: String(courseId) })),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      "holes[1].par": "Hole 2: par must be a whole number from 2 to 9",
      "holes[4].distance_feet": "Hole 5: distance must be a whole number from 1 to 3000",
      "holes[6].second_card_order": "Hole 7: hole 6 takes second card 2 already; give each hole its own number",
    });
    expect(answer.data.values.holes[1]).toEqual({ par: "1", distance_feet: "", second_card_order: "" });
    expect(answer.data.values.holes).toHaveLength(9);
  });

  it("saves over the version read; a stale save is 409 and keeps the other admin's layout", async () => {
    const { layoutId } = await makeCourse();
    const path = `/admin/layouts/${layoutId}`;
    const params = { layoutId: String(layoutId) };
    const form = await outcome(layoutForm.loader(await argsFor("admin", path, undefined, params)));
    expect(form.data.inputs.holes).toHaveLength(18);
    const first = await outcome(
      layoutForm.action(await argsFor("admin", path, layoutFields(threes(18), { version: "0", name: "First" }), params)),
    );
    expect(first).toMatchObject({ status: 302, location: `/admin/courses?layout=${layoutId}` });
    const stale = await outcome(
      layoutForm.action(await argsFor("admin", path, layoutFields(threes(9), { version: "0", name: "Stale" }), params)),
    );
    expect(stale).toMatchObject({
      status: 409,
      data: { formError: "This layout changed since you opened it. Reload to see the new values." },
    });
    expect(await getLayout(testDb(), layoutId)).toMatchObject({ name: "First", holeCount: 18, version: 1 });
  });
});
