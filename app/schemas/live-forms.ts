import { z } from "./zod";

// The night screen's live-scoring form (ADR 26): finalise the round's live scores.

export const FINALIZE_INTENT = "finalizeLive";

export const FinalizeFormSchema = z.object({
  intent: z.literal(FINALIZE_INTENT, { error: "Unknown action" }),
  confirm_unsigned: z
    .literal("on", { error: "Tick the box or leave it empty" })
    .optional()
    .transform((v) => v === "on"),
});
