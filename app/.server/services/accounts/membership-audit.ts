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
 * acts (the guard's verified session); their name and the member's are the accounts' as the
 * batch runs, kept in the row so it outlives the accounts. `to` null: the role is taken away.
 */
export function membershipAudit(db: Db, c: { leagueId: number; actorId: number; userId: number; to: LeagueRole | null }) {
  const was = sql`(select role from memberships where league_id = ${c.leagueId} and user_id = ${c.userId})`;
  const member = sql`(select name from users where id = ${c.userId})`;
  const to = sql`${c.to}`;
  const row = rowOf(c.leagueId, auditLog, {
    actorUserId: sql`${c.actorId}`,
    actorName: sql`(select name from users where id = ${c.actorId})`,
    actorRole: sql`'admin'`,
    tableName: sql`${MEMBERSHIP_AUDIT_TABLE}`,
    rowId: sql`${c.userId}`,
    action: sql`case when ${was} is null then 'insert' when ${to} is null then 'delete' else 'update' end`,
    before: sql`case when ${was} is null then null else json_object('member', ${member}, 'role', ${was}) end`,
    after: sql`case when ${to} is null then null else json_object('member', ${member}, 'role', ${to}) end`,
  });
  return db.insert(auditLog).select(db.select(row).from(sql`(select 1)`).where(sql`${was} is not ${to}`));
}
