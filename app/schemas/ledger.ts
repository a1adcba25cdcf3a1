import { z } from "zod";
import { bodyIdSchema, epochSecondsSchema, optionalBodyIdSchema } from "./ids";
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
