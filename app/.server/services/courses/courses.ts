import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import { type Db, type RowsOf, inLeague, uniqueViolation } from "../../db/client";
import { courses, layouts, rounds } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { holesQuery, insertHoles, layoutParOf, roundsOnLayout } from "./layout-sql";
import { type Hole, blankHole, fitHoles } from "~/lib/courses/layouts";
import { type CourseValues, FIRST_LAYOUT_NAME } from "~/schemas/courses";

// The league's courses (ADR 25): each a name and a place, with its layouts. A round that
// plays a layout has its course's name as its location, so renaming a course renames that
// location too; a course whose layouts rounds play is never deleted.

export type LayoutSummary = {
  id: number;
  courseId: number;
  name: string;
  holeCount: number;
  par: number;
  roundCount: number;
  version: number;
};

export type CourseRow = { id: number; name: string; place: string; layouts: LayoutSummary[] };

const layoutSummary = {
  id: layouts.id,
  courseId: layouts.courseId,
  name: layouts.name,
  holeCount: layouts.holeCount,
  par: sql<number>`coalesce(${layoutParOf(sql`${layouts.id}`)}, 0)`.mapWith(Number),
  roundCount: roundsOnLayout(sql`${layouts.leagueId}`, sql`${layouts.id}`).mapWith(Number),
  version: layouts.version,
};

// The league's own rows (ADR 46), narrowed by `where` when given.
const coursesQuery = (db: Db, where?: SQL) =>
  db
    .select({ id: courses.id, name: courses.name, place: courses.place })
    .from(courses)
    .where(and(inLeague(db, courses), where))
    .orderBy(sql`${courses.name} collate nocase`, asc(courses.id));
const layoutsQuery = (db: Db, where?: SQL) =>
  db
    .select(layoutSummary)
    .from(layouts)
    .where(and(inLeague(db, layouts), where))
    .orderBy(asc(layouts.id));

/** Every course by name, each with its layouts in the order they were added: one batch, one moment. */
export async function listCourses(db: Db): Promise<CourseRow[]> {
  const [courseRows, layoutRows] = await db.batch([coursesQuery(db), layoutsQuery(db)]);
  return courseRows.map((c) => ({ ...c, layouts: layoutRows.filter((l) => l.courseId === c.id) }));
}

export type CourseWithHoles = CourseRow & { layouts: (LayoutSummary & { holes: Hole[] })[] };

/** listCourses with every layout's holes in course order (the /api's one read of the courses). */
export async function listCoursesWithHoles(db: Db): Promise<CourseWithHoles[]> {
  const [courseRows, layoutRows, holeRows] = await db.batch([coursesQuery(db), layoutsQuery(db), holesQuery(db)]);
  const holesOf = (layoutId: number) => holeRows.flatMap(({ layoutId: id, ...hole }) => (id === layoutId ? [hole] : []));
  return courseRows.map((c) => ({
    ...c,
    layouts: layoutRows.filter((l) => l.courseId === c.id).map((l) => ({ ...l, holes: holesOf(l.id) })),
  }));
}

/** One course with its layouts (404 when there is none). */
export async function getCourse(db: Db, id: number): Promise<CourseRow> {
  return courseOf(await db.batch(courseReads(db, id)));
}

/** getCourse's reads, unrun: a write's batch carries them to answer what it wrote (ADR 41). */
const courseReads = (db: Db, id: number | SQL) =>
  [coursesQuery(db, sql`${courses.id} = ${id}`), layoutsQuery(db, sql`${layouts.courseId} = ${id}`)] as const;

function courseOf([[course], layoutRows]: RowsOf<ReturnType<typeof courseReads>>): CourseRow {
  if (!course) throw notFound("Course not found");
  return { ...course, layouts: layoutRows };
}

const nameTaken = (name: string) => conflict(`There is a course named “${name}” already. Give this one another name.`);

/**
 * Adds a course, answered as stored (read in its batch). With `holeCount`, the same batch
 * gives it its first layout, "Main", of that many par-3 holes: one form leaves a course a
 * round can play. 409 when another course has the name.
 */
export async function createCourse(db: Db, values: CourseValues, holeCount?: number | null): Promise<CourseRow> {
  // The new row's id inside the batch: the league's course of this name (a unique pair).
  const newId = sql`(select id from courses where league_id = ${db.leagueId} and name = ${values.name})`;
  const layoutId = sql`(select id from layouts where league_id = ${db.leagueId} and course_id = ${newId} and name = ${FIRST_LAYOUT_NAME})`;
  const firstLayout = holeCount
    ? [
        db.insert(layouts).values({ leagueId: db.leagueId, courseId: newId, name: FIRST_LAYOUT_NAME, holeCount }),
        insertHoles(db, layoutId, fitHoles([], holeCount, blankHole)),
      ]
    : [];
  try {
    const results = await db.batch([
      db.insert(courses).values({ leagueId: db.leagueId, ...values }),
      ...firstLayout,
      ...courseReads(db, newId),
    ]);
    return courseOf(results.slice(-2) as unknown as RowsOf<ReturnType<typeof courseReads>>);
  } catch (err) {
    if (uniqueViolation(err)) throw nameTaken(values.name);
    throw err;
  }
}

/**
 * Saves a course's name and place, and, in the same batch, the location of every round
 * that plays one of its layouts (the /api's `loc` and every list keep reading the course).
 * Answers the course as stored, read at the end of the batch.
 */
export async function updateCourse(db: Db, id: number, values: CourseValues): Promise<CourseRow> {
  try {
    const [, , ...read] = await db.batch([
      db
        .update(courses)
        .set(values)
        .where(and(inLeague(db, courses), eq(courses.id, id))),
      // Scoped itself: another league's course id must rename none of its rounds.
      db
        .update(rounds)
        .set({ location: values.name })
        .where(
          and(
            inLeague(db, rounds),
            sql`${rounds.layoutId} in (select id from layouts where league_id = ${db.leagueId} and course_id = ${id}) and ${rounds.location} is not ${values.name}`,
          ),
        ),
      ...courseReads(db, id),
    ]);
    return courseOf(read);
  } catch (err) {
    if (uniqueViolation(err)) throw nameTaken(values.name);
    throw err;
  }
}

const roundsOnCourse = (db: Db, id: number) =>
  sql`(select count(*) from rounds r join layouts l on l.id = r.layout_id where l.course_id = ${id} and l.league_id = ${db.leagueId} and r.league_id = ${db.leagueId})`;

/**
 * Deletes a course with its layouts and their holes, unless rounds play one of them: then
 * 409 saying how many. The check is part of the delete, so a round saved meanwhile wins.
 */
export async function deleteCourse(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(courses)
    .where(and(inLeague(db, courses), sql`${courses.id} = ${id} and ${roundsOnCourse(db, id)} = 0`))
    .returning({ id: courses.id });
  if (deleted.length > 0) return;
  const [row] = await db
    .select({ used: sql<number>`${roundsOnCourse(db, id)}`.mapWith(Number) })
    .from(courses)
    .where(and(inLeague(db, courses), eq(courses.id, id)));
  if (!row) throw notFound("Course not found");
  throw conflict(`${roundsUse(row.used)} this course's layouts, so it cannot be deleted.`);
}

/** "1 round uses", "12 rounds use": the start of a refused delete's message. */
export const roundsUse = (n: number) => (n === 1 ? "1 round uses" : `${n} rounds use`);
