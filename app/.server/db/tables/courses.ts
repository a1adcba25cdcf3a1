import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { leagueColumn, leagueKey, sameLeague } from "./leagues";

// Courses, their layouts and holes.

/** A course: its name (what a round's location shows) and where it is. */
export const courses = sqliteTable(
  "courses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    name: text("name").notNull(),
    // The town or address, as a player would look it up.
    place: text("place").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [leagueKey("courses", t), uniqueIndex("courses_name_uq").on(t.leagueId, t.name)],
);

/** One way to play a course (its tees and baskets that season): 9 to 27 holes, each with a par. */
export const layouts = sqliteTable(
  "layouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    leagueId: leagueColumn(),
    courseId: integer("course_id").notNull(),
    name: text("name").notNull(),
    holeCount: integer("hole_count").notNull(),
    // Bumped by every save: an edit carries the version it read (ADR 20's rule).
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    leagueKey("layouts", t),
    sameLeague(t, t.courseId, courses).onDelete("cascade"),
    uniqueIndex("layouts_course_name_uq").on(t.leagueId, t.courseId, t.name),
    check("layouts_hole_count", sql`${t.holeCount} between 9 and 27`),
  ],
);

/** A layout's holes: par, an optional distance, and whether it takes a second card in a shotgun start. */
export const layoutHoles = sqliteTable(
  "layout_holes",
  {
    leagueId: leagueColumn(),
    layoutId: integer("layout_id").notNull(),
    hole: integer("hole").notNull(),
    par: integer("par").notNull(),
    distanceFeet: integer("distance_feet"),
    // 1, 2, …: the order in which holes take a second card when there are more cards than
    // holes; null: only after every listed hole (app/lib/cards/cards.ts startingHoles).
    secondCardOrder: integer("second_card_order"),
  },
  (t) => [
    primaryKey({ columns: [t.layoutId, t.hole] }),
    sameLeague(t, t.layoutId, layouts).onDelete("cascade"),
    // The league's holes in course order (the courses page reads them all at once).
    index("layout_holes_league_idx").on(t.leagueId, t.layoutId, t.hole),
    check("layout_holes_par", sql`${t.par} between 2 and 9`),
    check("layout_holes_distance", sql`${t.distanceFeet} is null or ${t.distanceFeet} between 1 and 3000`),
  ],
);
