import { z } from "./zod";
import { bodyIdSchema } from "./ids";

// Bag tags (ADR 27): the admin's assign and take-back, shared by /admin/tags and
// /api/admin/tags/*, and a tag's number in the URL of its page.

const TAG_RANGE = "Tag must be a whole number from 1 to 999";

/** A tag's number, as JSON gives it or a form posts it (digits). */
export const TagNumberSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === "" || issue.input === null ? "Tag is required" : TAG_RANGE) })
    .int(TAG_RANGE)
    .min(1, TAG_RANGE)
    .max(999, TAG_RANGE),
);

/** POST /api/admin/tags/assign {tag, playerId} and the page's Assign: a tag from the pool to a player without one. */
export const TagAssignSchema = z.object({ tag: TagNumberSchema, playerId: bodyIdSchema("player id") });

/** POST /api/admin/tags/take-back {tag} and the page's Take back: the tag returns to the pool. */
export const TagTakeBackSchema = z.object({ tag: TagNumberSchema });

export const TagAssignFormSchema = TagAssignSchema.extend({ intent: z.literal("assign") });
export const TagTakeBackFormSchema = TagTakeBackSchema.extend({ intent: z.literal("take_back") });

/** /tags/:number: digits only, 1 to 999. */
export const TagParamSchema = z
  .string({ error: "Invalid tag" })
  .regex(/^\d{1,3}$/, "Invalid tag")
  .transform(Number)
  .pipe(z.number().int().min(1, "Invalid tag").max(999, "Invalid tag"));
