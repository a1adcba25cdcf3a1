import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { auditLog } from "../../db/schema";
import type { LeagueRole } from "~/lib/accounts/roles";

/** The audit log's name for a role change (ADR 47): a league's row for a deployment table's change. */
export const MEMBERSHIP_AUDIT_TABLE = "memberships";

/**
 * The league audit row for one membership change, as a statement of the change's own batch,
 * placed before the change: it reads the role as it was, and is written only if the change
 * will change it (the same grant twice writes one row). The actor is who the service was told
 * acts (the guard's verified session); their name and the member's are the ones the service
 * read (the session's, the member's account), bound here and kept in the row so it outlives
 * the accounts: the league's row never reads `users` (ADR 46). `to` null: the role is taken away.
 */
export function membershipAudit(
  db: Db,
  c: { leagueId: number; actor: { id: number; name: string }; member: { id: number; name: string }; to: LeagueRole | null },
) {
  const was = sql`(select role from memberships where league_id = ${c.leagueId} and user_id = ${c.member.id})`;
  const member = sql`${c.member.name}`;
  const to = sql`${c.to}`;
  const row = rowOf(c.leagueId, auditLog, {
    actorUserId: sql`${c.actor.id}`,
    actorName: sql`${c.actor.name}`,
    actorRole: sql`'admin'`,
    tableName: sql`${MEMBERSHIP_AUDIT_TABLE}`,
    rowId: sql`${c.member.id}`,
    action: sql`case when ${was} is null then 'insert' when ${to} is null then 'delete' else 'update' end`,
    before: sql`case when ${was} is null then null else json_object('member', ${member}, 'role', ${was}) end`,
    after: sql`case when ${to} is null then null else json_object('member', ${member}, 'role', ${to}) end`,
  });
  return db.insert(auditLog).select(db.select(row).from(sql`(select 1)`).where(sql`${was} is not ${to}`));
}
