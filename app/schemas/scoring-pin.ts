import { z } from "./zod";

// A player's 4-digit scoring PIN (ADR 26): a cardmate types it to confirm the player's
// total when the player has no phone on the course. Set on /profile or the /api, with the
// account's current password; cleared without it.

export const SCORING_PIN_INTENT = "scoringPin";

const pin = z.string({ error: "The PIN must be 4 digits" }).regex(/^\d{4}$/, "The PIN must be 4 digits");

export const PASSWORD_FOR_PIN = "Enter your current password to set a PIN";

const currentPassword = z.string({ error: PASSWORD_FOR_PIN }).max(200, "The password is at most 200 characters");

/** PUT /api/users/me/scoring-pin: `{ pin: "1234", currentPassword }` sets it, `{ pin: null }` clears it. */
export const ScoringPinSchema = z
  .object({ pin: pin.nullable(), currentPassword: currentPassword.optional() })
  .refine((v) => v.pin === null || !!v.currentPassword, { error: PASSWORD_FOR_PIN, path: ["currentPassword"] });

/** The /profile form: a new PIN with the current password, or `clear` to remove the one set. */
export const ScoringPinFormSchema = z.discriminatedUnion(
  "do",
  [
    z.object({
      intent: z.literal(SCORING_PIN_INTENT),
      do: z.literal("set"),
      pin,
      currentPassword: currentPassword.min(1, PASSWORD_FOR_PIN),
    }),
    z.object({ intent: z.literal(SCORING_PIN_INTENT), do: z.literal("clear") }),
  ],
  { error: "Choose to set or to clear the PIN" },
);
