import { type SQL, sql } from "drizzle-orm";
import type { NewLeague } from "../../../schemas/leagues";

// The statements that make a league (ADR 46), shared by POST /api/admin/leagues
// (./league-create.ts) and `npm run league:create` (scripts/league-create.ts): both refuse
// and write alike. Imports nothing of the Worker's, so the command can load it.

export const LEAGUE_CREATE_MESSAGES = {
  noOwner: "No account has that email: the owner signs up first.",
  taken: (slug: string) => `The address /l/${slug} is taken.`,
} as const;

/**
 * The league's statements, in one batch: its row (active, not the default), its owner's
 * membership, and the audit row of that role (in the new league's log). `actor`: who makes
 * it (null for the command line); `owner`: the owner's account, as the caller read it before
 * (the league's audit row names it without reading `users`, ADR 46). Every value is bound.
 */
export function leagueCreateStatements(
  league: NewLeague,
  actor: { userId: number | null; role: "admin" | "system"; name: string | null },
  owner: { id: number; name: string },
): SQL[] {
  const id = sql`(select id from leagues where slug = ${league.slug})`;
  return [
    sql`insert into leagues (slug, name, time_zone) values (${league.slug}, ${league.name}, ${league.time_zone})`,
    sql`insert into audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, before, after)
      select ${id}, ${actor.userId}, ${actor.name}, ${actor.role}, 'memberships', ${owner.id}, 'insert', null,
        json_object('member', ${owner.name}, 'role', 'owner')`,
    sql`insert into memberships (league_id, user_id, role, granted_by) select ${id}, ${owner.id}, 'owner', ${actor.userId}`,
  ];
}
