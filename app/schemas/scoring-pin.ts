import { z } from "./zod";

// A player's 4-digit scoring PIN (ADR 26): a cardmate types it to confirm the player's
// total when the player has no phone on the course. Set on /profile or the /api.

export const SCORING_PIN_INTENT = "scoringPin";

const pin = z.string({ error: "The PIN must be 4 digits" }).regex(/^\d{4}$/, "The PIN must be 4 digits");

/** PUT /api/users/me/scoring-pin: `{ pin: "1234" }` sets it, `{ pin: null }` clears it. */
export const ScoringPinSchema = z.object({ pin: pin.nullable() });

/** The /profile form: a new PIN, or `clear` to remove the one set. */
export const ScoringPinFormSchema = z.discriminatedUnion(
  "do",
  [
    z.object({ intent: z.literal(SCORING_PIN_INTENT), do: z.literal("set"), pin }),
    z.object({ intent: z.literal(SCORING_PIN_INTENT), do: z.literal("clear") }),
  ],
  { error: "Choose to set or to clear the PIN" },
);
