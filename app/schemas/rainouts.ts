import { z } from "./zod";
import { RoundValuesSchema } from "./rounds";
import { versionSchema } from "./version";

// Rain-outs (ADR 50): the bodies of the admin's calls on a round the weather stopped.

/**
 * POST /api/admin/rounds/{id}/postpone {startsAt, version}: the round's new start, in the
 * round form's own format (epoch seconds, the save's `startsAt`), and the round's version as
 * the admin read it (ADR 20).
 */
export const PostponeSchema = z.object({
  startsAt: RoundValuesSchema.shape.startsAt,
  version: versionSchema("round"),
});

export type PostponeInput = z.infer<typeof PostponeSchema>;
