import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** When the row was made: the database's clock, in epoch seconds. */
export const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch())`);
