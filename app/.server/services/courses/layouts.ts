import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, type RowsOf, foreignKeyFailed, inLeague, uniqueViolation } from "../../db/client";
import { courses, layoutHoles, layouts } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { type LayoutSummary, roundsUse } from "./courses";
import { holesQuery, insertHoles, layoutParOf, roundsOnLayout } from "./layout-sql";
import type { Hole } from "~/lib/courses/layouts";
import type { LayoutValues } from "~/schemas/courses";

// A course's layouts and their holes (ADR 25). A save writes the layout and all its holes
// in one batch over the version the editor read (ADR 20's rule: a stale save is 409); a
// layout that rounds play is never deleted.

export const LAYOUT_CHANGED = "This layout changed since you opened it. Reload to see the new values.";

export type LayoutDetail = LayoutSummary & { courseName: string; holes: Hole[] };

const nameTaken = (name: string) => conflict(`This course has a layout named “${name}” already. Give this one another name.`);

/** One layout with its course's name and its holes in course order (404 when there is none). */
export async function getLayout(db: Db, id: number): Promise<LayoutDetail> {
  return layoutOf(await db.batch(layoutReads(db, id)));
}

/** getLayout's reads, unrun: a write's batch carries them to answer what it wrote (ADR 41). */
const layoutReads = (db: Db, id: number | SQL) =>
  [
    db
      .select({
        id: layouts.id,
        courseId: layouts.courseId,
        // Aliased: a batch reads rows by column name, and both tables have a "name".
        courseName: sql<string>`${courses.name}`.as("course_name"),
        name: layouts.name,
        holeCount: layouts.holeCount,
        par: sql<number>`coalesce(${layoutParOf(sql`${layouts.id}`)}, 0)`.mapWith(Number),
        roundCount: roundsOnLayout(sql`${layouts.leagueId}`, sql`${layouts.id}`).mapWith(Number),
        version: layouts.version,
      })
      .from(layouts)
      .innerJoin(courses, eq(courses.id, layouts.courseId))
      .where(and(inLeague(db, layouts), sql`${layouts.id} = ${id}`)),
    holesQuery(db, sql`${layoutHoles.layoutId} = ${id}`),
  ] as const;

type LayoutRows = RowsOf<ReturnType<typeof layoutReads>>;

function layoutOf([layoutRows, holeRows]: LayoutRows): LayoutDetail {
  const [layout] = layoutRows;
  if (!layout) throw notFound("Layout not found");
  return { ...layout, holes: holeRows.map(({ layoutId: _, ...hole }) => hole) };
}

/**
 * Adds a layout to a course with its holes, in one batch that reads it back as stored.
 * 404 without the course, 409 for a name it has.
 */
export async function createLayout(db: Db, courseId: number, values: LayoutValues): Promise<LayoutDetail> {
  const { name, holes } = values;
  // The new row's id inside the batch: the course's layout of this name (a unique pair).
  const newId = sql`(select id from layouts where league_id = ${db.leagueId} and course_id = ${courseId} and name = ${name})`;
  try {
    const [, , ...read] = await db.batch([
      db.insert(layouts).values({ leagueId: db.leagueId, courseId, name, holeCount: holes.length }),
      insertHoles(db, newId, holes),
      ...layoutReads(db, newId),
    ]);
    return layoutOf(read);
  } catch (err) {
    if (foreignKeyFailed(err)) throw notFound("Course not found");
    if (uniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}

/**
 * Saves a layout read at `version`: its name and every hole, bumping the version. The
 * batch's first statement fails unless the layout is still at that version, so of two
 * saves from one read exactly one is written and the other is refused with 409.
 */
export async function updateLayout(db: Db, id: number, version: number, values: LayoutValues): Promise<LayoutDetail> {
  const { name, holes } = values;
  let read: LayoutRows;
  try {
    [, , , , ...read] = await db.batch([
      db
        .select({
          stale: sql`case when (select version from layouts where id = ${id} and league_id = ${db.leagueId}) is not ${version} then json('layout changed') end`,
        })
        .from(sql`(select 1)`),
      db
        .update(layouts)
        .set({ name, holeCount: holes.length, version: sql`${layouts.version} + 1` })
        .where(and(inLeague(db, layouts), eq(layouts.id, id))),
      db.delete(layoutHoles).where(and(inLeague(db, layoutHoles), eq(layoutHoles.layoutId, id))),
      insertHoles(db, sql`${id}`, holes),
      ...layoutReads(db, id),
    ]);
  } catch (err) {
    // Nothing was written: say why.
    const [now] = await db
      .select({ version: layouts.version })
      .from(layouts)
      .where(and(inLeague(db, layouts), eq(layouts.id, id)));
    if (!now) throw notFound("Layout not found");
    if (now.version !== version) throw conflict(LAYOUT_CHANGED);
    if (uniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
  return layoutOf(read);
}

/**
 * Deletes a layout and its holes unless rounds play it (409 saying how many). The check is
 * part of the delete: a round that takes the layout meanwhile keeps it.
 */
export async function deleteLayout(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(layouts)
    .where(and(inLeague(db, layouts), sql`${layouts.id} = ${id} and ${roundsOnLayout(db.leagueId, sql`${id}`)} = 0`))
    .returning({ id: layouts.id });
  if (deleted.length > 0) return;
  const [row] = await db
    .select({ used: roundsOnLayout(db.leagueId, sql`${id}`).mapWith(Number) })
    .from(layouts)
    .where(and(inLeague(db, layouts), eq(layouts.id, id)));
  if (!row) throw notFound("Layout not found");
  throw conflict(`${roundsUse(row.used)} this layout, so it cannot be deleted. Give those rounds another layout first.`);
}
