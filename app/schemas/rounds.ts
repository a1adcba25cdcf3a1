import { z } from "./zod";
import { bodyIdSchema, epochSecondsSchema } from "./ids";
import { nonNegativeDollarsSchema } from "./money";

/** Text a form or body must give: trimmed, not blank, at most `max` characters. */
export const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

/**
 * A round's values, all required but the PDGA link: the round form and the multi-editor
 * post them with the start as a date and a time (./round-form.ts), the /api's body names
 * the start, name and location d, n and loc (./api-wire.ts).
 */
export const RoundValuesSchema = z.object({
  startsAt: epochSecondsSchema("Date"),
  name: requiredText("Name", 100),
  location: requiredText("Location", 100),
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

/** POST /api/admin/round/openForRegistration {id, openForRegistration}. */
export const OpenRoundSchema = z.object({
  id: bodyIdSchema("round id"),
  openForRegistration: z.boolean({ error: "openForRegistration must be true or false" }),
});
