import { sql } from "drizzle-orm";
import { type Db, readTogether, uniqueViolation } from "../../db/client";
import { conflict, notFound } from "../../errors";
import { type CourseRow, getCourse } from "./courses";

// A course copied from another league the admin runs (owner or admin there, or the
// operator): the course, its layouts and their holes made in this league in one batch, with
// an audit row in this league's log. A course of a league where the caller is not an admin
// is answered as one that does not exist (404), and no row of that league is read.

export const COURSE_COPY_MESSAGES = {
  notFound: "Course not found",
  taken: (name: string) => `There is a course named “${name}” already. Rename it, then copy again.`,
} as const;

/** Who copies: the request's session, as the audit row names it. */
export type Copier = { userId: number; name: string; isOperator: boolean };

/** The roles that administer a league (ADR 47's manageLeague): only their leagues' courses are offered and copied. */
const ADMIN_ROLES = sql`('owner', 'admin')`;

/** Whether `who` administers league `leagueId`: a read of the deployment's memberships only. */
async function administers(db: Db, who: Copier, leagueId: number): Promise<boolean> {
  if (who.isOperator) return true;
  const rows = await db.all<{ one: number }>(
    sql`select 1 as one from memberships where league_id = ${leagueId} and user_id = ${who.userId} and role in ${ADMIN_ROLES}`,
  );
  return rows.length > 0;
}

/** Copies course `courseId` of league `sourceLeagueId` into the request's league; answers the new course as stored. */
export async function copyCourse(db: Db, sourceLeagueId: number, courseId: number, who: Copier): Promise<CourseRow> {
  const here = db.leagueId;
  if (sourceLeagueId === here || !(await administers(db, who, sourceLeagueId))) throw notFound(COURSE_COPY_MESSAGES.notFound);
  const source = sql`(select name from courses where league_id = ${sourceLeagueId} and id = ${courseId})`;
  const newId = sql`(select id from courses where league_id = ${here} and name = ${source})`;
  try {
    const results = await readTogether<unknown[]>(db, [
      sql`insert into courses (league_id, name, place)
        select ${here}, name, place from courses where league_id = ${sourceLeagueId} and id = ${courseId}`,
      sql`insert into layouts (league_id, course_id, name, hole_count)
        select ${here}, ${newId}, l.name, l.hole_count from layouts l
        where l.league_id = ${sourceLeagueId} and l.course_id = ${courseId} order by l.id`,
      sql`insert into layout_holes (league_id, layout_id, hole, par, distance_feet, second_card_order)
        select ${here}, nl.id, h.hole, h.par, h.distance_feet, h.second_card_order
        from layouts sl
        join layout_holes h on h.layout_id = sl.id
        join layouts nl on nl.league_id = ${here} and nl.course_id = ${newId} and nl.name = sl.name
        where sl.league_id = ${sourceLeagueId} and sl.course_id = ${courseId}`,
      sql`insert into audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, before, after)
        select ${here}, ${who.userId}, ${who.name}, 'admin', 'courses', c.id, 'insert', null,
          json_object('name', c.name, 'copied_from', (select coalesce(name, slug) from leagues where id = ${sourceLeagueId}),
            'layouts', (select count(*) from layouts where league_id = ${here} and course_id = c.id))
        from courses c where c.league_id = ${here} and c.id = ${newId}`,
      sql`select ${newId} as id`,
    ]);
    const [made] = results.at(-1) as { id: number | null }[];
    if (!made?.id) throw notFound(COURSE_COPY_MESSAGES.notFound);
    return getCourse(db, made.id);
  } catch (err) {
    if (uniqueViolation(err)) {
      const [row] = await db.all<{ name: string }>(sql`select name from courses where league_id = ${sourceLeagueId} and id = ${courseId}`);
      throw conflict(COURSE_COPY_MESSAGES.taken(row?.name ?? "that name"));
    }
    throw err;
  }
}

/** A course the admin may copy here: from another league they administer. */
export type CopyableCourse = { leagueId: number; leagueName: string; courseId: number; courseName: string };

/** The courses of the other leagues `who` is owner or admin of, by league and course name (the operator's own roles too). */
export async function copyableCourses(db: Db, who: Copier): Promise<CopyableCourse[]> {
  return db.all<CopyableCourse>(sql`select l.id as leagueId, coalesce(l.name, l.slug) as leagueName, c.id as courseId, c.name as courseName
    from memberships m
    join leagues l on l.id = m.league_id
    join courses c on c.league_id = m.league_id
    where m.user_id = ${who.userId} and m.role in ${ADMIN_ROLES} and m.league_id <> ${db.leagueId}
    order by leagueName collate nocase, courseName collate nocase`);
}
