import { z } from "./zod";
import { AceFlagSchema, DivisionSchema, optionFlagSchema } from "./entries";
import { versionSchema } from "./version";

// The waitlist's bodies and forms (ADR 28): joining (the round from the URL), and an
// admin's field caps. The page form and the /api share each schema.

/** Most places a cap may give: far above any league night. */
export const MAX_PLACES = 999;

const places = (what: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${what} must be a whole number` })
      .int(`${what} must be a whole number`)
      .min(0, `${what} must be 0 or more`)
      .max(MAX_PLACES, `${what} must be at most ${MAX_PLACES}`)
      .optional(),
  );

/** POST /api/rounds/{id}/waitlist and the round page's "Join the waitlist": auto_confirm = enter me from my credit when a place frees. */
export const JoinWaitlistSchema = z
  .object({ division: DivisionSchema, ace: AceFlagSchema.default(true), auto_confirm: optionFlagSchema("auto_confirm") })
  .transform((v) => ({ division: v.division, ace: v.ace, autoConfirm: v.auto_confirm }));

/** PUT /api/admin/rounds/{id}/caps and the admin round form's caps: blank means no cap. */
export const FieldCapsSchema = z
  .object({
    version: versionSchema("round"),
    field_cap: places("The field cap"),
    division_caps: z
      .array(z.object({ division: DivisionSchema, places: places("A division's cap") }), { error: "division_caps must be a list" })
      .max(50, "At most 50 divisions")
      .default([]),
  })
  .transform((v) => ({
    version: v.version,
    total: v.field_cap ?? null,
    divisions: Object.fromEntries(v.division_caps.flatMap((d) => (d.places === undefined ? [] : [[d.division, d.places]]))) as Record<
      string,
      number
    >,
  }));
export type FieldCapsInput = z.infer<typeof FieldCapsSchema>;

/** The round page's waitlist forms: join (the same fields as the /api), leave, and confirm an offer by credit. */
export const WaitlistFormSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("joinWaitlist"),
        division: DivisionSchema,
        ace: optionFlagSchema("ace"),
        auto_confirm: optionFlagSchema("auto_confirm"),
      })
      .transform((v) => ({ intent: v.intent, division: v.division, ace: v.ace, autoConfirm: v.auto_confirm })),
    z.object({ intent: z.literal("leaveWaitlist") }),
    z.object({ intent: z.literal("confirmOffer") }),
  ],
  { error: "Unknown action" },
);

export const WAITLIST_INTENTS: readonly string[] = ["joinWaitlist", "leaveWaitlist", "confirmOffer"];
