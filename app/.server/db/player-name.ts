import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// fullName (app/lib/players/player-name.ts) for queries that hand a player's name back ready to
// show or to search: the same first name, one space, last name, and the only place SQL
// names the two columns for it.

/**
 * The players table (or an alias of it) in a drizzle query, or the alias it has in a
 * hand-written one (`fullNameSql("p")` for `join players p`). T is string | null where
 * the players row is left-joined.
 */
export function fullNameSql<T extends string | null = string>(
  player: { firstName: AnyColumn; lastName: AnyColumn } | string,
): SQL<NoInfer<T>> {
  if (typeof player === "string") {
    if (!/^[a-z_]\w*$/i.test(player)) throw new Error(`Not a table alias: ${player}`);
    return sql.raw(`${player}.fn || ' ' || ${player}.ln`) as SQL<T>;
  }
  return sql<T>`${player.firstName} || ' ' || ${player.lastName}`;
}
