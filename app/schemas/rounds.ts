import { z } from "./zod";
import { bodyIdSchema, epochSecondsSchema } from "./ids";
import { nonNegativeDollarsSchema } from "./money";
import { missingVersion, versionSchema } from "./version";

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

/** A round as the round form and the multi-editor send it: all required but the PDGA link. */
export const RoundValuesSchema = z.object({
  d: epochSecondsSchema("Date"),
  n: text("Name", 100),
  loc: text("Location", 100),
  fee_pdga: nonNegativeDollarsSchema("PDGA fee"),
  fee_course: nonNegativeDollarsSchema("Course fund"),
  fee_other: nonNegativeDollarsSchema("Other fee"),
  ace: nonNegativeDollarsSchema("Ace fee"),
  payout: nonNegativeDollarsSchema("Payout"),
  pdga_url: z
    .string({ error: "PDGA link must be text" })
    .trim()
    .max(500, "PDGA link is too long")
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^https:\/\/\S+$/.test(v), "PDGA link must start with https://"),
});

/**
 * POST /api/admin/round/ {id?, version?, ...values}: saves the round with `id` over the
 * `version` it was read at (required with an id, ADR 20), or creates one.
 */
export const SaveRoundSchema = RoundValuesSchema.extend({
  id: bodyIdSchema("round id").nullish(),
  version: versionSchema("round").optional(),
}).superRefine((v, ctx) => {
  if (v.id && v.version === undefined) {
    ctx.addIssue({ code: "custom", path: ["version"], message: missingVersion("round") });
  }
});

/** POST /api/admin/round/openForRegistration {id, openForRegistration}. */
export const OpenRoundSchema = z.object({
  id: bodyIdSchema("round id"),
  openForRegistration: z.boolean({ error: "openForRegistration must be true or false" }),
});
