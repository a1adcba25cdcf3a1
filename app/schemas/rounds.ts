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

/** Text a form or body may leave out: trimmed, at most `max` characters; empty when left out or null. */
export const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? "");

/**
 * A round's layout (ADR 25): an id, or null ("" in a form) for none; left out, a stored
 * round keeps the one it has.
 */
const LayoutIdSchema = z.preprocess((v) => (v === "" ? null : v), bodyIdSchema("layout id").nullable().optional());

/**
 * A round's values, all required but the PDGA link and the layout (the location too, with
 * a layout: it is then the course's name, see locationRule): the round form and the
 * multi-editor post them with the start as a date and a time (./round-form.ts), the /api's
 * body names the start, name and location d, n and loc (./api-wire.ts).
 */
export const RoundValuesSchema = z.object({
  startsAt: epochSecondsSchema("Date"),
  name: requiredText("Name", 100),
  location: optionalText("Location", 100),
  layout_id: LayoutIdSchema,
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
  // Counts for bag tags (ADR 27); left out, a stored round keeps its flag and a new one takes the league's default.
  tags: z.boolean({ error: "tags must be true or false" }).optional(),
  // Random-draw doubles (ADR 31); left out, a stored round keeps its flag and a new one is singles.
  doubles: z.boolean({ error: "doubles must be true or false" }).optional(),
});

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * A round names its location unless it plays a layout, whose course's name the save then
 * writes as its location. The arguments of a `.refine` on a round's fields, its location
 * under `key`; checked whatever else is wrong, so the form shows every error at once.
 */
export function locationRule(
  key: "location" | "loc",
): [(v: Record<string, unknown>) => boolean, { path: PropertyKey[]; message: string; when: (payload: { value: unknown }) => boolean }] {
  return [
    (v: Record<string, unknown>) => given(v[key]) || given(v.layout_id),
    {
      path: [key],
      message: "Location is required",
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  ];
}

/** POST /api/admin/round/openForRegistration {id, openForRegistration}. */
export const OpenRoundSchema = z.object({
  id: bodyIdSchema("round id"),
  openForRegistration: z.boolean({ error: "openForRegistration must be true or false" }),
});
