import { z } from "./zod";
import { bodyIdSchema } from "./ids";
import { positiveDollarsSchema } from "./money";
import { DISTANCE_UNITS, cmFrom } from "../lib/sidepots/distances";
import { POT_KINDS } from "../lib/sidepots/side-pots";
import { choiceValues } from "../lib/settings/league-settings";

// The side pots' forms on the league-night screen and the phone's CTP (ADR 30).

const potId = bodyIdSchema("side pot id");
const entryId = bodyIdSchema("entry id");
/** A hole number; a blank is missing, not hole 0. */
const holeSchema = (min: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "Hole must be a number" }).int().min(min).max(27));
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** "3, 7" → [3, 7]: the holes of a CTP pot. */
const HolesSchema = z
  .string({ error: "Holes must be text" })
  .max(100, { error: "List at most a few holes" })
  .transform((text, ctx) => {
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const holes = parts.map(Number);
    if (holes.some((h) => !Number.isInteger(h) || h < 1 || h > 27)) {
      ctx.addIssue({ code: "custom", message: "Holes are numbers from 1 to 27, like 3, 7" });
      return z.NEVER;
    }
    return [...new Set(holes)];
  });

export const AddPotFields = {
  name: z.string({ error: "Name is required" }).trim().min(1, { error: "Name is required" }).max(40, { error: "At most 40 characters" }),
  kind: z.enum(POT_KINDS, { error: "Choose closest to the pin or a custom pot" }),
  buy_in: positiveDollarsSchema("Buy-in").refine((cents) => cents <= 100_000, { message: "Buy-in is at most $1,000.00" }),
  holes: HolesSchema.default([]),
};

export const SidePotIntents = [
  z
    .object({ intent: z.literal("addPot"), ...AddPotFields })
    .refine((v) => v.kind === "custom" || v.holes.length > 0, { message: "Choose the CTP holes, like 3, 7", path: ["holes"] }),
  z.object({ intent: z.literal("deletePot"), pot_id: potId }),
  z.object({
    intent: z.literal("potPlayer"),
    pot_id: potId,
    entry_id: entryId,
    join: z.enum(["1", "0"], { error: "In or out?" }).transform((v) => v === "1"),
    from_credit: z
      .literal("on", { error: "Tick the box or leave it empty" })
      .optional()
      .transform((v) => v === "on"),
  }),
  z.object({
    intent: z.literal("settleHole"),
    pot_id: potId,
    hole: holeSchema(0),
    winner: blankless(entryId),
    tie_with: blankless(entryId),
  }),
] as const;

/**
 * The phone's CTP: a player on the card, a hole of the pot, a distance if measured, in the
 * unit the form asked in (`unit`, the league's setting when the page was drawn). A form
 * without `unit` is one drawn before the setting existed, which asked in metres.
 */
export const CtpFormSchema = z
  .object({
    intent: z.literal("ctp", { error: "Unknown action" }),
    pot_id: potId,
    hole: holeSchema(1),
    entry_id: entryId,
    unit: z.enum(choiceValues("distanceUnit"), { error: "Distances are in feet or metres" }).default("m"),
    // Read as a number below, where the unit is known: its messages name it.
    distance: blankless(z.union([z.string().max(20), z.number()], { error: "Distance must be a number" })),
  })
  .superRefine((v, ctx) => {
    if (v.distance === undefined) return;
    const u = DISTANCE_UNITS[v.unit];
    const n =
      typeof v.distance === "number" ? v.distance : /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v.distance) ? Number(v.distance) : Number.NaN;
    const message = !Number.isFinite(n)
      ? `Distance is a number of ${u.word}, like ${u.example}`
      : n < 0
        ? "Distance cannot be negative"
        : n > u.max
          ? `Distance is at most ${u.max} ${u.short}`
          : null;
    if (message) ctx.addIssue({ code: "custom", path: ["distance"], message });
  })
  .transform(({ distance, ...v }) => ({ ...v, distance: distance === undefined ? null : cmFrom(Number(distance), v.unit) }));
