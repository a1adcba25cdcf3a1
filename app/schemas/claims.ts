import { z } from "./zod";
import { bodyIdSchema, idSchema } from "./ids";

const note = z
  .string({ error: "Note must be text" })
  .trim()
  .max(500, "Note must be at most 500 characters")
  .nullish()
  .transform((n) => n || null);

/** POST /api/claims: the player record the user says is them, and an optional note. */
export const ClaimSubmitSchema = z.object({ player_id: bodyIdSchema("player id"), note });

/** PUT /api/claims/{id}/approve|reject|conflict: the admin's note (required for conflict, by the service). */
export const ClaimNoteSchema = z.object({ note });

/** The admin's claim form (/admin/claims, /admin/user/{id}): which claim, which decision. */
export const ClaimDecisionFormSchema = z.object({
  intent: z.enum(["approve", "reject", "conflict", "unlink"], { error: "Unknown action" }),
  claimId: idSchema("claim id"),
  note,
});

/** A user's claim forms on /players: claim a record, withdraw their claim. */
export const UserClaimFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("claim"), playerId: idSchema("player id"), note }),
    z.object({ intent: z.literal("unclaim"), claimId: idSchema("claim id") }),
  ],
  { error: "Unknown action" },
);
