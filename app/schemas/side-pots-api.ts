import { z } from "./zod";
import { bodyIdSchema, idSchema } from "./ids";
import { AddPotFields } from "./side-pots";
import { flagSchema } from "./night";

// The side pots' /api bodies and paths (ADR 30), read into the words the night screen's
// forms give the same services (./side-pots.ts): the rules are the services'.

const entryId = bodyIdSchema("entry id");

/** The holes of a CTP pot as JSON: whole numbers 1 to 27 (the course's own last hole is the service's check). */
const HoleListSchema = z
  .array(z.number({ error: "Holes are numbers from 1 to 27, like [3, 7]" }).int("Holes are whole numbers").min(1).max(27), {
    error: "holes must be a list of hole numbers, like [3, 7]",
  })
  .max(27, { error: "A round has at most 27 holes" })
  .transform((holes) => [...new Set(holes)]);

/** POST /api/admin/rounds/{id}/side-pots {name, kind, buy_in, holes?}. */
export const AddPotSchema = z
  .object({ name: AddPotFields.name, kind: AddPotFields.kind, buy_in: AddPotFields.buy_in, holes: HoleListSchema.default([]) })
  .refine((v) => v.kind === "custom" || v.holes.length > 0, { message: "Choose the CTP holes, like [3, 7]", path: ["holes"] })
  .transform((v) => ({ name: v.name, kind: v.kind, buyInCents: v.buy_in, holes: v.kind === "ctp" ? v.holes : [] }));

/** POST /api/admin/rounds/{id}/side-pots/{potId}/players {entry_id, from_credit?}: a player in. */
export const PotPlayerSchema = z
  .object({ entry_id: entryId, from_credit: flagSchema("from_credit").optional() })
  .transform((v) => ({ entryId: v.entry_id, fromCredit: v.from_credit ?? false }));

/** Most winners one hole is settled with: a tie of a whole card. */
export const MAX_HOLE_WINNERS = 6;

/** PUT /api/admin/rounds/{id}/side-pots/{potId}/holes/{hole} {winners}: the hole's winners, one or more for a tie. */
export const SettleHoleSchema = z.object({
  winners: z
    .array(entryId, { error: "winners must be a list of entry ids" })
    .min(1, { error: "Name the winner (DELETE the hole to let players mark it again)" })
    .max(MAX_HOLE_WINNERS, { error: `At most ${MAX_HOLE_WINNERS} winners for a tie` }),
});

export const PotParam = z.object({ id: idSchema("round id"), potId: idSchema("side pot id") });
export const PotEntryParam = PotParam.extend({ entryId: idSchema("entry id") });
/** A pot's hole in a path: 0 is a custom pot's one "hole" (its winner). */
export const PotHoleParam = PotParam.extend({
  hole: z
    .string({ error: "Invalid hole" })
    .regex(/^\d{1,2}$/, "Invalid hole")
    .transform(Number)
    .pipe(z.number().max(27, "Invalid hole")),
});
