import { describe, expect, it } from "vitest";
import { call, expectError, expectStatus, makeUser, tokenFor } from "../auth-fixtures";
import { PAR_56, makeCourse } from "../course-fixtures";
import { makeRound, uniq } from "../fixtures";
import { get, getPublic } from "./http";

// /api/courses and the admin's course and layout routes (ADR 25): the /api's snake_case
// names, a layout's version, and the 409s that keep what rounds play.

const adminToken = async () => tokenFor(await makeUser({ isAdmin: true }));
const wireHoles = (pars: number[]) => pars.map((par) => ({ par }));
const eighteen = () => wireHoles(PAR_56.map((h) => h.par));

type CourseJson = {
  id: number;
  name: string;
  place: string;
  layouts: { id: number; hole_count: number; par: number; round_count: number; version: number; holes: Record<string, unknown>[] }[];
};

describe("GET /api/courses", () => {
  it("is public and cached: every course with its layouts and their holes, in snake_case", async () => {
    const { courseId, layoutId, courseName } = await makeCourse({ place: "Millbrook" });
    await makeRound({ layoutId });
    const res = await get("/api/courses");
    expect(res.headers.get("Cache-Tag")).toBe("l1:courses,l1:rounds");
    const list = await getPublic<CourseJson[]>("/api/courses");
    const course = list.find((c) => c.id === courseId);
    expect(course).toMatchObject({ name: courseName, place: "Millbrook" });
    expect(course?.layouts[0]).toMatchObject({ id: layoutId, course_id: courseId, hole_count: 18, par: 56, round_count: 1, version: 0 });
    expect(course?.layouts[0]?.holes[4]).toEqual({ hole: 5, par: 4, distance_feet: null, second_card_order: null });
  });
});

describe("POST /api/admin/courses, PUT and DELETE /api/admin/courses/{id}", () => {
  it("adds a course (201), saves it (200) and deletes it when no round plays its layouts", async () => {
    const token = await adminToken();
    const name = `Maple ${uniq()}`;
    const created = await expectStatus<CourseJson>(
      await call("POST", "/api/admin/courses", { token, body: { name, place: "Maple Ridge" } }),
      201,
    );
    expect(created).toEqual({ id: expect.any(Number), name, place: "Maple Ridge", layouts: [] });
    const saved = await expectStatus<CourseJson>(
      await call("PUT", `/api/admin/courses/${created.id}`, { token, body: { name: `${name} DGC`, place: "" } }),
      200,
    );
    expect(saved).toMatchObject({ name: `${name} DGC`, place: "" });
    await expectStatus(await call("DELETE", `/api/admin/courses/${created.id}`, { token }), 200);
    await expectError(await call("DELETE", `/api/admin/courses/${created.id}`, { token }), 404, "Course not found");
  });

  it("refuses a blank or taken name (400, 409) and a course whose layouts rounds play (409)", async () => {
    const token = await adminToken();
    const { courseId, courseName, layoutId } = await makeCourse();
    await expectError(await call("POST", "/api/admin/courses", { token, body: { name: " " } }), 400, "Name is required");
    await expectError(
      await call("POST", "/api/admin/courses", { token, body: { name: courseName } }),
      409,
      `There is a course named “${courseName}” already. Give this one another name.`,
    );
    await expectError(await call("PUT", "/api/admin/courses/987654321", { token, body: { name: uniq() } }), 404);
    await makeRound({ layoutId });
    await expectError(
      await call("DELETE", `/api/admin/courses/${courseId}`, { token }),
      409,
      "1 round uses this course's layouts, so it cannot be deleted.",
    );
  });

  it("needs an admin", async () => {
    const player = await tokenFor(await makeUser());
    const { courseId } = await makeCourse();
    await expectError(await call("POST", "/api/admin/courses", { body: { name: uniq() } }), 401);
    await expectError(await call("POST", "/api/admin/courses", { token: player, body: { name: uniq() } }), 403, "Not an admin");
    await expectError(await call("PUT", `/api/admin/courses/${courseId}`, { token: player, body: { name: uniq() } }), 403);
    await expectError(await call("DELETE", `/api/admin/courses/${courseId}`, { token: player }), 403);
  });
});

describe("POST /api/admin/courses/{id}/layouts, PUT and DELETE /api/admin/layouts/{id}", () => {
  it("adds a layout with its holes (201) and saves it over its version (200)", async () => {
    const token = await adminToken();
    const { courseId } = await makeCourse();
    const holes = eighteen().map((h, i) => ({
      ...h,
      distance_feet: i === 0 ? 310 : null,
      second_card_order: i === 9 ? 4 : i === 1 ? 9 : null,
    }));
    const layout = await expectStatus(
      await call("POST", `/api/admin/courses/${courseId}/layouts`, { token, body: { name: "Long tees", holes } }),
      201,
    );
    expect(layout).toMatchObject({ course_id: courseId, name: "Long tees", hole_count: 18, par: 56, round_count: 0, version: 0 });
    // Second-card places are kept in order and renumbered from 1.
    expect(layout.holes.filter((h: { second_card_order: number | null }) => h.second_card_order !== null)).toEqual([
      { hole: 2, par: 3, distance_feet: null, second_card_order: 2 },
      { hole: 10, par: 3, distance_feet: null, second_card_order: 1 },
    ]);
    expect(layout.holes[0]).toMatchObject({ distance_feet: 310 });
    const nine = wireHoles([3, 4, 3, 3, 5, 3, 3, 4, 3]);
    const saved = await expectStatus(
      await call("PUT", `/api/admin/layouts/${layout.id}`, { token, body: { version: 0, name: "Nine", holes: nine } }),
      200,
    );
    expect(saved).toMatchObject({ name: "Nine", hole_count: 9, par: 31, version: 1 });
  });

  it("answers 409 for a stale version, 400 without one or for a bad hole, and 404 for a missing course or layout", async () => {
    const token = await adminToken();
    const { layoutId } = await makeCourse();
    const put = (body: unknown) => call("PUT", `/api/admin/layouts/${layoutId}`, { token, body });
    await expectStatus(await put({ version: 0, name: "First", holes: eighteen() }), 200);
    await expectError(
      await put({ version: 0, name: "Second", holes: eighteen() }),
      409,
      "This layout changed since you opened it. Reload to see the new values.",
    );
    await expectError(
      await put({ name: "Third", holes: eighteen() }),
      400,
      "version is required: send the version of the layout as you read it",
    );
    const bad = eighteen();
    bad[2] = { par: 10 };
    await expectError(await put({ version: 1, name: "Fourth", holes: bad }), 400, "Hole 3: par must be a whole number from 2 to 9");
    await expectError(await put({ version: 1, name: "Fifth", holes: eighteen().slice(0, 8) }), 400, "A layout has 9 to 27 holes");
    const twice = eighteen().map((h, i) => ({ ...h, second_card_order: i === 3 || i === 7 ? 1 : null }));
    await expectError(
      await put({ version: 1, name: "Sixth", holes: twice }),
      400,
      "Hole 8: hole 4 takes second card 1 already; give each hole its own number",
    );
    await expectError(
      await call("POST", "/api/admin/courses/987654321/layouts", { token, body: { name: "x", holes: eighteen() } }),
      404,
      "Course not found",
    );
    await expectError(
      await call("PUT", "/api/admin/layouts/987654321", { token, body: { version: 0, name: "x", holes: eighteen() } }),
      404,
    );
  });

  it("deletes a layout no round plays; one that rounds play is 409 saying how many", async () => {
    const token = await adminToken();
    const used = await makeCourse();
    await Promise.all([
      makeRound({ layoutId: used.layoutId }),
      makeRound({ layoutId: used.layoutId }),
      makeRound({ layoutId: used.layoutId }),
    ]);
    await expectError(
      await call("DELETE", `/api/admin/layouts/${used.layoutId}`, { token }),
      409,
      "3 rounds use this layout, so it cannot be deleted. Give those rounds another layout first.",
    );
    const free = await makeCourse();
    await expectStatus(await call("DELETE", `/api/admin/layouts/${free.layoutId}`, { token }), 200);
    await expectError(await call("DELETE", `/api/admin/layouts/${free.layoutId}`, { token }), 404, "Layout not found");
  });

  it("needs an admin", async () => {
    const player = await tokenFor(await makeUser());
    const { courseId, layoutId } = await makeCourse();
    const body = { name: uniq(), holes: eighteen() };
    await expectError(await call("POST", `/api/admin/courses/${courseId}/layouts`, { body }), 401);
    await expectError(await call("POST", `/api/admin/courses/${courseId}/layouts`, { token: player, body }), 403, "Not an admin");
    await expectError(await call("PUT", `/api/admin/layouts/${layoutId}`, { token: player, body: { ...body, version: 0 } }), 403);
    await expectError(await call("DELETE", `/api/admin/layouts/${layoutId}`, { token: player }), 403);
  });
});
