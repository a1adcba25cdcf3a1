import { sql } from "drizzle-orm";

/**
 * Who an audit row a service writes itself is by: the actor the batch set (ADR 20), as the
 * triggers read it, for `db.insert(auditLog).values({ ...actorColumns(), … })`.
 */
export const actorColumns = () => ({
  actorUserId: sql<number | null>`(select user_id from audit_actor where id = 1)`,
  actorName: sql<string | null>`(select name from audit_actor where id = 1)`,
  actorRole: sql<string | null>`(select role from audit_actor where id = 1)`,
});
