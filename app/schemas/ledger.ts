import { z } from "./zod";
import { FormDateSchema } from "./form-dates";
import { idSchema } from "./ids";
import { positiveDollarsSchema } from "./money";

// The ledger's fields: the /api's bodies (./api-wire.ts) and the admin's forms share them.

/** A transfer's or an ace's amount: dollars in, cents out. */
export const LedgerAmountSchema = positiveDollarsSchema("Amount");

/** A transfer's note: optional, blank when left out. */
export const TransferDescriptionSchema = z
  .string({ error: "Description must be text" })
  .trim()
  .max(200, "Description must be at most 200 characters")
  .nullish()
  .transform((text) => text ?? "");

const optionalPlayer = z
  .string()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(idSchema("player").nullable());

/** The admin's ledger forms on /transfers and /aces: `amount` in dollars (cents once parsed), `date` a day. */
export const LedgerFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("addTransfer"),
      date: FormDateSchema,
      fromPlayer: optionalPlayer,
      toPlayer: optionalPlayer,
      amount: LedgerAmountSchema,
      description: z.string().trim().max(200, "Description must be at most 200 characters").optional().default(""),
    }),
    z.object({ intent: z.literal("deleteTransfer"), id: idSchema("transfer id") }),
    z.object({
      intent: z.literal("addAce"),
      date: FormDateSchema,
      player: z.string({ error: "Player is required" }).min(1, "Player is required").pipe(idSchema("player")),
      amount: LedgerAmountSchema,
    }),
    z.object({ intent: z.literal("deleteAce"), id: idSchema("ace id") }),
  ],
  { error: "Unknown action" },
);
