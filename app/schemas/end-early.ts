import { z } from "./zod";

/**
 * POST /api/admin/rounds/{id}/end-early (ADR 50): an empty body; `confirm: true` is taken too
 * (what a confirming screen sends), nothing else.
 */
export const EndEarlySchema = z.strictObject(
  { confirm: z.boolean("confirm is true or false, or left out").optional() },
  { error: "Send {} (or { confirm: true }): ending a round early takes nothing else" },
);
