import { adminSubApp } from "./context";
import { CourseIdParam, LayoutIdParam } from "./params";
import { courseJson, layoutJson } from "./serializers/courses";
import { body, param } from "./validate";
import { createCourse, deleteCourse, updateCourse } from "~/.server/services/courses/courses";
import { copyCourse } from "~/.server/services/courses/course-copy";
import { createLayout, deleteLayout, updateLayout } from "~/.server/services/courses/layouts";
import { CourseCopySchema, CourseValuesSchema, NewCourseSchema, NewLayoutSchema, SaveLayoutSchema } from "~/schemas/courses";

// Courses and layouts (ADR 25); mounted in ./admin.ts behind the admin guard. A write
// answers what it wrote as GET /api/courses shows it; a layout's save carries its version.

export const adminCoursesApi = adminSubApp()
  // With hole_count, the course comes with its first layout ("Main", every hole par 3).
  .post("/courses", body(NewCourseSchema), async (c) => {
    const { hole_count, ...values } = c.req.valid("json");
    return c.json(courseJson(await createCourse(c.var.db, values, hole_count)), 201);
  })
  // A course of another league the caller administers, copied here with its layouts; 404 for
  // a course of a league where the caller is not owner or admin (the operator copies from any).
  .post("/courses/copy", body(CourseCopySchema), async (c) => {
    const { user } = await c.var.caller.session;
    const { league_id, course_id } = c.req.valid("json");
    return c.json(
      courseJson(await copyCourse(c.var.db, league_id, course_id, { userId: user.id, name: user.name, isOperator: user.isOperator })),
      201,
    );
  })
  .put("/courses/:id", param(CourseIdParam), body(CourseValuesSchema), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(courseJson(await updateCourse(c.var.db, id, c.req.valid("json"))));
  })
  .delete("/courses/:id", param(CourseIdParam), async (c) => {
    await deleteCourse(c.var.db, c.req.valid("param").id);
    return c.json({ success: true });
  })
  .post("/courses/:id/layouts", param(CourseIdParam), body(NewLayoutSchema), async (c) => {
    return c.json(layoutJson(await createLayout(c.var.db, c.req.valid("param").id, c.req.valid("json"))), 201);
  })
  .put("/layouts/:id", param(LayoutIdParam), body(SaveLayoutSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { version, values } = c.req.valid("json");
    return c.json(layoutJson(await updateLayout(c.var.db, id, version, values)));
  })
  .delete("/layouts/:id", param(LayoutIdParam), async (c) => {
    await deleteLayout(c.var.db, c.req.valid("param").id);
    return c.json({ success: true });
  });
