import { cachePublic } from "./cache";
import { subApp } from "./context";
import { courseJson } from "./serializers/courses";
import { listCoursesWithHoles } from "~/.server/services/courses/courses";

/** GET /api/courses: every course with its layouts and their holes; public, cached until a course or round changes. */
export const coursesApi = subApp().get("/", async (c) => {
  const list = await listCoursesWithHoles(c.var.db);
  cachePublic(c, "courses", "rounds");
  return c.json(list.map(courseJson));
});
