import { type SQL, sql } from "drizzle-orm";
import { foreignKeyFailed } from "../../db/client";
import { type AppError, notFound } from "../../errors";
import { courseNameOf } from "../courses/layout-sql";

// A round's layout (ADR 25) as a round save writes it: the layout given (null clears it,
// left out keeps the stored one), and the location, which with a layout is its course's
// name, computed by the statement that writes it so it is the name at that moment.

type Placed = { location: string; layout_id?: number | null };

/**
 * The layout and location columns of a round's insert or update. `stored` is the round's
 * own layout column in an update (kept when the save names none), null for an insert.
 */
export function layoutColumns(values: Placed, stored: SQL | null): { layoutId?: number | null; location: SQL } {
  const layout = values.layout_id === undefined ? (stored ?? sql`null`) : sql`${values.layout_id}`;
  return {
    ...(values.layout_id === undefined ? {} : { layoutId: values.layout_id }),
    location: sql`coalesce(${courseNameOf(layout)}, ${values.location})`,
  };
}

/**
 * The same for the multi-editor's rows, read from its JSON list (`v`): a row's `layoutId`
 * when it has the key (null clears), else the round's own (`stored`, null for a new round).
 */
export function layoutColumnsFromJson(stored: SQL | null) {
  const layout = sql`case when v."layoutGiven" then v."layoutId" else ${stored ?? sql`null`} end`;
  return { layoutId: layout, location: sql`coalesce(${courseNameOf(layout)}, v."location")` };
}

/** The refusal of a save naming a layout another admin deleted meanwhile, or null for another failure. */
export function layoutGone(err: unknown): AppError | null {
  return foreignKeyFailed(err) ? notFound("That layout no longer exists: choose another one.") : null;
}
