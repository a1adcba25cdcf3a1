import { z } from "./zod";
import { DRAW_MODES } from "../lib/doubles/doubles";
import { PlayerChoiceFields, checkPlayerChoice } from "./entries";
import { bodyIdSchema } from "./ids";
import { CashAmountSchema, MoreThanOwedSchema, NoteSchema, RequestKeySchema, VoidReasonSchema, walkUpPays } from "./money-actions";
import { CardModeSchema, CardStartSchema, walkUpMoney } from "./night";
import { FormTimeSchema } from "./form-dates";
import { PlayerValuesSchema } from "./players";
import { versionSchema } from "./version";
import { SidePotIntents } from "./side-pots";
import { WithdrawReasonSchema } from "./withdrawal";

// The forms of the league-night screen (/admin/round/night/{id}) and the round page's
// check-in, with the same rules as the /api's bodies (./night.ts). The round comes from the URL.

const entryId = bodyIdSchema("entry id");
const version = versionSchema("cards");
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
/** A blank field read as left out, for a schema whose own default then applies. */
const blankZero = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

/** A card to move a player to: its number, or "new" for a card of their own. */
const moveTarget = z.union([z.literal("new"), bodyIdSchema("card")], { error: "Choose a card" });

export const NightFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("checkIn"), entry_id: entryId }),
    z.object({ intent: z.literal("undoCheckIn"), entry_id: entryId }),
    // Withdraw before the card's first score, DNF after it (ADR 34); a reason once checked in, or for a signed card.
    z.object({ intent: z.literal("withdraw"), entry_id: entryId, reason: WithdrawReasonSchema }),
    z.object({ intent: z.literal("markDnf"), entry_id: entryId, reason: WithdrawReasonSchema }),
    z.object({
      intent: z.literal("cash"),
      entry_id: entryId,
      amount: CashAmountSchema,
      note: NoteSchema,
      request_key: RequestKeySchema,
      more_than_owed: MoreThanOwedSchema,
    }),
    z.object({ intent: z.literal("voidCash"), payment: bodyIdSchema("payment id"), reason: VoidReasonSchema }),
    z
      .object({
        intent: z.literal("walkUp"),
        ...PlayerChoiceFields,
        pdga: PlayerValuesSchema.shape.pdga,
        ...walkUpMoney,
        // A blank field of the form is none: 0.
        amount: blankZero(walkUpMoney.amount),
        credit: blankZero(walkUpMoney.credit),
      })
      .superRefine(checkPlayerChoice)
      .superRefine(walkUpPays),
    z.object({ intent: z.literal("makeCards"), version, mode: CardModeSchema, start: CardStartSchema }),
    z.object({ intent: z.literal("moveCard"), version, entry_id: entryId, to: moveTarget }),
    z.object({ intent: z.literal("lateArrival"), version, entry_id: entryId }),
    z
      .object({
        intent: z.literal("cardStart"),
        version,
        number: bodyIdSchema("card"),
        start_hole: blankless(bodyIdSchema("start hole")),
        tee_time: blankless(FormTimeSchema),
      })
      .refine((v) => (v.start_hole === undefined) !== (v.tee_time === undefined), {
        message: "Give a start hole or a tee time",
        path: ["start_hole"],
      }),
    z.object({ intent: z.literal("publish"), version }),
    ...SidePotIntents,
    z.object({
      intent: z.literal("drawTeams"),
      version: versionSchema("teams"),
      mode: z.enum(DRAW_MODES, { error: "Choose how to draw" }),
    }),
  ],
  { error: "Unknown action" },
);
export type NightForm = z.infer<typeof NightFormSchema>;

/** The round page's check-in (and its undo): the player's own entry; `use_credit` their consent to pay what it owes. */
export const CheckInFormSchema = z.object({
  intent: z.enum(["checkIn", "undoCheckIn"], { error: "Unknown action" }),
  entry_id: entryId,
  use_credit: z
    .literal("on", { error: "Tick the box or leave it empty" })
    .optional()
    .transform((v) => v === "on"),
});

export const CHECK_IN_INTENTS: readonly string[] = ["checkIn", "undoCheckIn"];
