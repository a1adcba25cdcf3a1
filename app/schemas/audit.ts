import { z } from "./zod";
import { idSchema } from "./ids";

// The audit log's filters and page, as /admin/audit's URL and GET /api/admin/audit take
// them (ADR 20): each may be left out, and an empty value is the same as none.

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);
const optionalId = (what: string) => z.preprocess(blankIsAbsent, idSchema(what).optional());

export const AUDIT_PAGE_ERROR = "Page must be a whole number from 1 to 999999";

export const AuditQuerySchema = z.object({
  /** A player on either side of the change (a transfer's sender or receiver). */
  player: optionalId("player id"),
  round: optionalId("round id"),
  /** The user who made the change (an admin, or a player signing up). */
  actor: optionalId("user id"),
  page: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: AUDIT_PAGE_ERROR })
      .regex(/^[1-9]\d{0,5}$/, AUDIT_PAGE_ERROR)
      .transform(Number)
      .optional(),
  ),
});

export type AuditQuery = z.infer<typeof AuditQuerySchema>;
