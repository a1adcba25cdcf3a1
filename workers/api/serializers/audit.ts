import type { AuditPage } from "~/.server/services/audit/audit-log";

// GET /api/admin/audit: the audit service's page is the wire already (each change in words,
// money in dollars, ADR 20), so the handler answers it as it is.

export type AuditPageJson = AuditPage;
