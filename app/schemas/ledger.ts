import { z } from "./zod";
import { FormDateSchema } from "./form-dates";
import { bodyIdSchema, epochSecondsSchema, idSchema, optionalBodyIdSchema } from "./ids";
import { positiveDollarsSchema } from "./money";

/** POST /api/transfers/add {values}: date and amount required; an empty side is the league. */
export const TransferAddSchema = z.object({
  values: z.object(
    {
      d: epochSecondsSchema("Date"),
      fromPlayer: optionalBodyIdSchema("from player"),
      toPlayer: optionalBodyIdSchema("to player"),
      amt: positiveDollarsSchema("Amount"),
      description: z
        .string({ error: "Description must be text" })
        .trim()
        .max(200, "Description must be at most 200 characters")
        .nullish()
        .transform((d) => d ?? ""),
    },
    { error: "values is required" },
  ),
});

/** POST /api/ace/add {values: {d, player, amt}}: all three required. */
export const AceAddSchema = z.object({
  values: z.object(
    { d: epochSecondsSchema("Date"), player: bodyIdSchema("player"), amt: positiveDollarsSchema("Amount") },
    { error: "values is required" },
  ),
});

const optionalPlayer = z
  .string()
  .optional()
  .transform((v) => (v ? v : null))
  .pipe(idSchema("player").nullable());

/** The admin's ledger forms on /transfers and /aces. */
export const LedgerFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("addTransfer"),
      d: FormDateSchema,
      fromPlayer: optionalPlayer,
      toPlayer: optionalPlayer,
      amt: positiveDollarsSchema("Amount"),
      description: z.string().trim().max(200, "Description must be at most 200 characters").optional().default(""),
    }),
    z.object({ intent: z.literal("deleteTransfer"), id: idSchema("transfer id") }),
    z.object({
      intent: z.literal("addAce"),
      d: FormDateSchema,
      player: z.string({ error: "Player is required" }).min(1, "Player is required").pipe(idSchema("player")),
      amt: positiveDollarsSchema("Amount"),
    }),
    z.object({ intent: z.literal("deleteAce"), id: idSchema("ace id") }),
  ],
  { error: "Unknown action" },
);
