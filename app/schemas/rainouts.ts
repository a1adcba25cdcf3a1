import { z } from "./zod";
import { bodyIdSchema, idSchema } from "./ids";
import { REASON_MAX } from "../lib/rainouts/messages";
import { RoundValuesSchema } from "./rounds";
import { versionSchema } from "./version";
import { FormDateSchema, FormTimeSchema } from "./form-dates";

// Rain-outs' bodies (ADR 50): the /api's and the pages' forms share these fields.

const reason = z
  .string({ error: "reason: say why, e.g. weather" })
  .transform((v) => v.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "reason: say why, e.g. weather")
      .max(REASON_MAX, `reason: at most ${REASON_MAX} characters`)
      // Shown on public pages and in messages: printable text only.
      .refine((v) => !/[\p{Cc}\p{Cf}]/u.test(v), "reason: letters, numbers and punctuation only"),
  );

/** POST /api/admin/rounds/{id}/cancel `{ reason, acesStand? }`: acesStand keeps the round's aces paid from the pot. */
export const CancelSchema = z.strictObject({
  reason,
  acesStand: z.boolean({ error: "acesStand: true or false" }).default(false),
});

/**
 * POST /api/admin/rounds/{id}/postpone {startsAt, version}: the round's new start, in the
 * round form's own format (epoch seconds, the save's `startsAt`), and the round's version as
 * the admin read it (ADR 20).
 */
export const PostponeSchema = z.object({
  startsAt: RoundValuesSchema.shape.startsAt,
  version: versionSchema("round"),
});

export type PostponeInput = z.infer<typeof PostponeSchema>;

/** POST /api/rounds/{id}/paypal-back `{ paymentId }`: the player's PayPal payment of that cancelled round to send back. */
export const PayPalBackSchema = z.strictObject({ paymentId: bodyIdSchema("payment id") });

/** The rain-out forms of the night screen and the entries screen: one intent each. */
export const RAINOUT_INTENTS = ["cancelRound", "restoreRound", "postponeRound", "endEarly"] as const;

export const RainoutFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancelRound"), reason, aces_stand: z.literal("on").optional() }),
  z.object({ intent: z.literal("restoreRound") }),
  z.object({ intent: z.literal("postponeRound"), date: FormDateSchema, time: FormTimeSchema, version: versionSchema("round") }),
  z.object({ intent: z.literal("endEarly") }),
]);

export type RainoutForm = z.infer<typeof RainoutFormSchema>;

/** The player's home's "Get it back to PayPal" form (ADR 50): the same ask as the /api's, the payment from a hidden field. */
export const PayPalBackFormSchema = z.object({
  intent: z.literal("paypalBack", { error: "Unknown action" }),
  paymentId: idSchema("payment id"),
});
