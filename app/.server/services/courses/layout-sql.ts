import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import { type Db, type RowsOf, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { courses, layoutHoles, layouts, rounds } from "../../db/schema";
import { type Hole, secondCardHoles } from "~/lib/courses/layouts";

// What other domains read of a layout, as SQL inside their own statements, so the rule is
// checked at the moment of the write or read: a round's location is its course's name
// (ADR 25), and a round is measured against its layout's par.

/** The name of the course `layoutId` belongs to; null for no layout (the round's typed location stands). */
export const courseNameOf = (layoutId: SQL) =>
  sql<string | null>`(select c.name from layouts l join courses c on c.id = l.course_id where l.id = ${layoutId})`;

/** A layout's par, the sum of its holes' pars; null for no layout (the league's par setting stands). */
export const layoutParOf = (layoutId: SQL) => sql<number | null>`(select sum(h.par) from layout_holes h where h.layout_id = ${layoutId})`;

/** How many rounds of league `leagueId` play `layoutId` (the league named: the rounds' index leads with it). */
export const roundsOnLayout = (leagueId: SQL | number, layoutId: SQL) =>
  sql<number>`(select count(*) from rounds r where r.league_id = ${leagueId} and r.layout_id = ${layoutId})`;

/**
 * An insert of a layout's holes, numbered from 1 in the order given. The list travels as
 * one JSON parameter (D1 binds at most 100 a statement; 27 holes take 135 as values).
 */
export const insertHoles = (db: Db, layoutId: SQL, holes: readonly Hole[]) =>
  db.insert(layoutHoles).select(
    db
      .select(
        rowOf(db.leagueId, layoutHoles, {
          layoutId,
          hole: sql`key + 1`,
          par: sql`json_extract(value, '$.par')`,
          distanceFeet: sql`json_extract(value, '$.distanceFeet')`,
          secondCardOrder: sql`json_extract(value, '$.secondCardOrder')`,
        }),
      )
      .from(sql`json_each(${JSON.stringify(holes)})`),
  );

/** The league's holes in course order, narrowed by `where` when given, unrun: for a batch. */
export const holesQuery = (db: Db, where?: SQL) =>
  db
    .select({
      layoutId: layoutHoles.layoutId,
      par: layoutHoles.par,
      distanceFeet: layoutHoles.distanceFeet,
      secondCardOrder: layoutHoles.secondCardOrder,
    })
    .from(layoutHoles)
    .where(and(inLeague(db, layoutHoles), where))
    .orderBy(asc(layoutHoles.layoutId), asc(layoutHoles.hole));

/** A round's course and layout as its page shows them (no row for a round without a layout), unrun: for the page's batch. */
export const roundCourseQuery = (db: Db, roundId: number) =>
  db
    // Each aliased: a batch reads rows by column name, and both tables have a "name".
    .select({
      courseName: sql<string>`c.name`.as("course_name"),
      place: sql<string>`c.place`.as("place"),
      layoutName: sql<string>`l.name`.as("layout_name"),
      holeCount: sql<number>`l.hole_count`.as("hole_count"),
      par: sql<number>`coalesce(${layoutParOf(sql`l.id`)}, 0)`.mapWith(Number).as("par"),
    })
    .from(sql`rounds r join layouts l on l.id = r.layout_id join courses c on c.id = l.course_id`)
    .where(sql`r.id = ${roundId} and r.league_id = ${db.leagueId}`);

export type RoundCourse = Awaited<ReturnType<typeof roundCourseQuery>>[number];

/** A round's course, layout and holes as the cards read them: each hole's par, and the holes that take a second card in order. */
export type RoundLayout = { course: string | null; layout: string | null; pars: number[] | null; secondCardOrder: number[] };

/** The round's layout, course and holes, or none (a round without a layout): one trip. */
export async function roundLayout(db: Db, roundId: number): Promise<RoundLayout> {
  const [named, holes] = await Promise.all(roundLayoutReads(db, roundId));
  return roundLayoutOf(named, holes);
}

/** roundLayout's reads, unrun, so a batch can carry them (ADR 41); roundLayoutOf shapes their rows. */
export const roundLayoutReads = (db: Db, roundId: number) =>
  [
    db
      // The course's name aliased: it shares "name" with the layout's (ADR 41).
      .select({ layout: layouts.name, course: sql<string>`${courses.name}`.as("course_name") })
      .from(rounds)
      .innerJoin(layouts, eq(layouts.id, rounds.layoutId))
      .innerJoin(courses, eq(courses.id, layouts.courseId))
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    holesQuery(db, eq(layoutHoles.layoutId, sql`(select ${rounds.layoutId} from ${rounds} where ${rounds.id} = ${roundId})`)),
  ] as const;

type LayoutRows = RowsOf<ReturnType<typeof roundLayoutReads>>;

export function roundLayoutOf(...[[named], holes]: LayoutRows): RoundLayout {
  if (!named) return { course: null, layout: null, pars: null, secondCardOrder: [] };
  return { course: named.course, layout: named.layout, pars: holes.map((h) => h.par), secondCardOrder: secondCardHoles(holes) };
}
