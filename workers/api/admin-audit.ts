import { adminSubApp } from "./context";
import { query } from "./validate";
import { auditLogPage } from "~/.server/services/audit/audit-log";
import { AuditQuerySchema } from "~/schemas/audit";

/**
 * GET /api/admin/audit?player=&round=&actor=&page=: the audit log (ADR 20), newest first,
 * 50 a page, each change in words with its before and after in dollars. Read only: the log
 * has no route that writes it (its triggers refuse any change in any case). Mounted in
 * ./admin.ts behind the admin guard.
 */
export const adminAuditApi = adminSubApp().get("/audit", query(AuditQuerySchema), async (c) => {
  const q = c.req.valid("query");
  const page = await auditLogPage(
    c.var.db,
    { playerId: q.player, roundId: q.round, actorId: q.actor },
    { page: q.page, timeZone: c.var.league.timeZone },
  );
  return c.json(page);
});
