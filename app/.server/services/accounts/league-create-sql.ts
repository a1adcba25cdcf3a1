import { type SQL, sql } from "drizzle-orm";
import type { NewLeague } from "../../../schemas/leagues";

// The statements that make a league (ADR 46), shared by POST /api/admin/leagues and POST
// /api/leagues (./league-create.ts) and `npm run league:create` (scripts/league-create.ts):
// all three refuse and write alike. Imports nothing of the Worker's, so the command can load it.

export const LEAGUE_CREATE_MESSAGES = {
  noOwner: "No account has that email: the owner signs up first.",
  taken: (slug: string) => `The address /l/${slug} is taken.`,
  /** A user starting a league at /leagues/new: the address field says which one. */
  addressTaken: "That address is taken. Choose another.",
} as const;

/** What every new league is made with: the operator's and a user's alike. */
export type LeagueFields = Pick<NewLeague, "name" | "slug" | "time_zone"> & { town?: string | null };

/** A league started by a user (POST /api/leagues): who started it, and how many they may have in all (null: no limit, the operator). */
export type StartedBy = { userId: number; most: number | null };

/**
 * The league's statements, in one batch: its row (active, not the default, with its join
 * code), its owner's membership, and the audit row of that role (in the new league's log).
 * `actor`: who makes it (null for the command line); `owner`: the owner's account, as the
 * caller read it before (the league's audit row names it without reading `users`, ADR 46).
 *
 * `startedBy`: a user's own league. Its row is inserted only while the user has started
 * fewer than `most` leagues, counted in the insert itself, so requests at once cannot pass
 * the count together (SQLite runs one batch at a time). The other rows find the league by
 * its slug and its fresh join code, so when the count refused the row they write nothing
 * (not even into a league of that slug made before). Every value is bound.
 */
export function leagueCreateStatements(
  league: LeagueFields,
  actor: { userId: number | null; role: "admin" | "system"; name: string | null },
  owner: { id: number; name: string },
  joinCode: string,
  startedBy?: StartedBy,
): SQL[] {
  const id = sql`(select id from leagues where slug = ${league.slug} and join_code = ${joinCode})`;
  const values = sql`${league.slug}, ${league.name}, ${league.time_zone}, ${league.town ?? null}, ${joinCode}, ${startedBy?.userId ?? null}`;
  return [
    startedBy && startedBy.most !== null
      ? sql`insert into leagues (slug, name, time_zone, town, join_code, created_by) select ${values}
          where (select count(*) from leagues where created_by = ${startedBy.userId}) < ${startedBy.most}`
      : sql`insert into leagues (slug, name, time_zone, town, join_code, created_by) values (${values})`,
    sql`insert into audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, before, after)
      select ${id}, ${actor.userId}, ${actor.name}, ${actor.role}, 'memberships', ${owner.id}, 'insert', null,
        json_object('member', ${owner.name}, 'role', 'owner')
      where ${id} is not null`,
    sql`insert into memberships (league_id, user_id, role, granted_by) select ${id}, ${owner.id}, 'owner', ${actor.userId} where ${id} is not null`,
    // The league as made: no row when the count refused it.
    sql`select id from leagues where slug = ${league.slug} and join_code = ${joinCode}`,
  ];
}
