import { sql } from "drizzle-orm";
import { type Db, readTogether, uniqueViolation } from "../../db/client";
import { conflict, notFound } from "../../errors";
import { LEAGUE_CREATE_MESSAGES, leagueCreateStatements } from "./league-create-sql";
import type { NewLeague } from "~/schemas/leagues";

// An operator makes a league with its owner (ADR 46, 47): `npm run league:create` and POST
// /api/admin/leagues send the same statements, so both refuse and write alike.

export type CreatedLeague = { id: number; slug: string; name: string; timeZone: string };

/** Makes the league; 404 when the owner has no account, 409 when the address is taken. */
export async function createLeague(db: Db, league: NewLeague, actor: { userId: number; name: string }): Promise<CreatedLeague> {
  const [[owner], [taken]] = await Promise.all([
    db.all<{ id: number; name: string }>(sql`select id, name from users where email = ${league.owner_email}`),
    db.all<{ id: number }>(sql`select id from leagues where lower(slug) = ${league.slug}`),
  ]);
  if (!owner) throw notFound(LEAGUE_CREATE_MESSAGES.noOwner);
  if (taken) throw conflict(LEAGUE_CREATE_MESSAGES.taken(league.slug));
  const statements = leagueCreateStatements(league, { userId: actor.userId, role: "admin", name: actor.name }, owner);
  try {
    // One batch (one transaction): the league, its owner's audit row and role, and its id.
    const results = await readTogether<unknown[]>(db, [...statements, sql`select id from leagues where slug = ${league.slug}`]);
    const [row] = results.at(-1) as { id: number }[];
    if (!row) throw new Error("the league insert left no row");
    return { id: row.id, slug: league.slug, name: league.name, timeZone: league.time_zone };
  } catch (err) {
    // Two operators making the same address at once: one makes it.
    if (uniqueViolation(err)) throw conflict(LEAGUE_CREATE_MESSAGES.taken(league.slug));
    throw err;
  }
}
