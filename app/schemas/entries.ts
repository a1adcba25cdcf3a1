import { z } from "./zod";
import { isDivision } from "../lib/players/divisions";
import { MAX_SCORE } from "../lib/rounds/score-paste";
import { bodyIdSchema } from "./ids";
import { nonNegativeDollarsSchema, signedDollarsSchema } from "./money";
import { NewEntryPlayerSchema } from "./api-wire";
import { versionSchema } from "./version";
import { WithdrawReasonSchema } from "./withdrawal";

// A round's strokes, at most MAX_SCORE (the paste reader's bound too); 0 means "no card yet".
/** One /bulk or form post edits at most this many entries (a league night is well under it). */
export const MAX_BULK_ENTRIES = 500;

export const DivisionSchema = z
  .string({ error: "Division is required" })
  .min(1, "Division is required")
  .refine(isDivision, "Choose a division from the list");

// The spec's two readings of the ace flag ('0'/'1' and a boolean), and a checkbox's "on".
export const AceFlagSchema = z
  .union([z.boolean(), z.enum(["0", "1", "true", "false", "on"]), z.literal(0), z.literal(1)], { error: "Ace must be true or false" })
  .transform((v) => v === true || v === 1 || v === "1" || v === "true" || v === "on");

/** A checkbox's "on" or a boolean, off when left out. */
export const optionFlagSchema = (name: string) =>
  z
    .union([z.boolean(), z.enum(["0", "1", "true", "false", "on"])], { error: `${name} must be true or false` })
    .transform((v) => v === true || v === "1" || v === "true" || v === "on")
    .default(false);

/** An admin's explicit override of a round's field cap (ADR 28). */
export const OverCapSchema = optionFlagSchema("over_cap");

const score = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? 0 : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: "Score must be a whole number" })
    .int("Score must be a whole number")
    .min(0, "Score must be 0 or more")
    .max(MAX_SCORE, `Score must be at most ${MAX_SCORE}`),
);

/** Fields an admin edits on an entry (all optional: an update sends what changed). Money in cents after parsing. */
export const EntryChangesSchema = z.object(
  {
    division: DivisionSchema.optional(),
    ace: AceFlagSchema.optional(),
    score: score.optional(),
    payoutAdjust: signedDollarsSchema("Payout adjust").optional(),
    credit_added: nonNegativeDollarsSchema("Credit added").optional(),
    credit_used: nonNegativeDollarsSchema("Credit used").optional(),
  },
  { error: "values is required" },
);
export type EntryChanges = z.infer<typeof EntryChangesSchema>;

/** POST /api/admin/entry/update {id, version, values}: `version` as the entry was read (ADR 20). */
export const EntryUpdateSchema = z.object({ id: bodyIdSchema("entry id"), version: versionSchema("entry"), values: EntryChangesSchema });

/** POST /api/admin/entry/bulk {data: [{id, version, value}]}: every change in one atomic write. */
export const EntryBulkSchema = z.object({
  data: z
    .array(z.object({ id: bodyIdSchema("entry id"), version: versionSchema("entry"), value: EntryChangesSchema }), {
      error: "data must be a list of {id, version, value}",
    })
    .min(1, "data must hold at least one change")
    .max(MAX_BULK_ENTRIES, `At most ${MAX_BULK_ENTRIES} entries at once`),
});

/**
 * A new entry (the defaults: ace on, credits 0.00, payout adjust 0.00, score 0): an
 * existing `player`, or `newPlayer` ({fn, ln, pdga} on the wire, read into words) to
 * create one with the entry ('Add player: {text}').
 */
export const NewEntryValuesSchema = z
  .object(
    {
      round_id: bodyIdSchema("round id"),
      player: bodyIdSchema("player id").nullish(),
      newPlayer: NewEntryPlayerSchema.nullish(),
      division: DivisionSchema,
      ace: AceFlagSchema.default(true),
      credit_added: nonNegativeDollarsSchema("Credit added").default(0),
      credit_used: nonNegativeDollarsSchema("Credit used").default(0),
      payoutAdjust: signedDollarsSchema("Payout adjust").default(0),
      over_cap: OverCapSchema,
    },
    { error: "values is required" },
  )
  .refine((v) => Boolean(v.player) !== Boolean(v.newPlayer), { message: "Choose a player", path: ["player"] });
export type NewEntryValues = z.infer<typeof NewEntryValuesSchema>;

/** POST /api/admin/entry/delete {id, version}. */
export const EntryDeleteSchema = z.object({ id: bodyIdSchema("entry id"), version: versionSchema("entry"), reason: WithdrawReasonSchema });

/** POST /api/admin/entry/add {values}. */
export const EntryAddSchema = z.object({ values: NewEntryValuesSchema });

/** POST /api/admin/entry/payouts: the spec's body lists entries; {round_id} works too. */
export const EntryPayoutsSchema = z.union(
  [
    z.object({ round_id: bodyIdSchema("round id") }),
    z.object({
      entries: z
        .array(z.looseObject({ id: bodyIdSchema("entry id") }), { error: "entries must be a list" })
        .min(1, "entries must hold at least one entry")
        .max(MAX_BULK_ENTRIES, `At most ${MAX_BULK_ENTRIES} entries at once`),
    }),
  ],
  { error: "Send round_id or entries" },
);

/** POST /api/admin/entry/creditPayouts {round_id}. */
/** Pay CTP holes held without a distance as they stand (ADR 30): asked for while any are unmeasured. */
export const ConfirmUnmeasuredSchema = optionFlagSchema("confirm_unmeasured");

export const CreditPayoutsSchema = z.object({ round_id: bodyIdSchema("round id"), confirm_unmeasured: ConfirmUnmeasuredSchema });

export const formId = (what: string) => z.preprocess((v) => (v === "" ? undefined : v), bodyIdSchema(what).optional());
const formName = (what: string) => z.string().trim().max(50, `${what} must be at most 50 characters`).optional().default("");

/** A form's player: one found (`player`), or a new one typed ('Add player: {text}'). */
export const PlayerChoiceFields = { player: formId("player id"), newFirstName: formName("First name"), newLastName: formName("Last name") };

/** The player choice's refusal: none chosen, or a new name without both its halves. */
export function checkPlayerChoice(v: { player?: number; newFirstName: string; newLastName: string }, ctx: z.RefinementCtx) {
  if (v.player) return;
  if (!v.newFirstName && !v.newLastName) ctx.addIssue({ code: "custom", message: "Choose a player", path: ["player"] });
  else if (!v.newFirstName || !v.newLastName) ctx.addIssue({ code: "custom", message: "Type a first and a last name", path: ["player"] });
}

/** The forms of the admin round page (/admin/round/play/{id}); the round comes from the URL. */
export const EntryFormSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({
        intent: z.literal("add"),
        ...PlayerChoiceFields,
        division: DivisionSchema,
        ace: AceFlagSchema.default(true),
        credit_used: nonNegativeDollarsSchema("Credit used").default(0),
        over_cap: OverCapSchema,
      })
      .superRefine(checkPlayerChoice),
    z.object({
      intent: z.literal("save"),
      rows: z
        .array(EntryChangesSchema.extend({ id: bodyIdSchema("entry id"), version: versionSchema("entry") }), { error: "Nothing to save" })
        .min(1, "Nothing to save")
        .max(MAX_BULK_ENTRIES, `At most ${MAX_BULK_ENTRIES} entries at once`),
    }),
    z.object({
      intent: z.literal("deleteEntry"),
      id: bodyIdSchema("entry id"),
      version: versionSchema("entry"),
      reason: WithdrawReasonSchema,
    }),
    z.object({ intent: z.literal("creditPayouts"), confirm_unmeasured: ConfirmUnmeasuredSchema }),
    z.object({ intent: z.literal("syncPayouts") }),
  ],
  { error: "Unknown action" },
);

/**
 * POST /api/entries: a user's sign-up. `amount` and `score` are read and
 * ignored: the server computes every amount, and a new entry has no score.
 */
export const SignUpSchema = z.object({
  round_id: bodyIdSchema("round id"),
  player_id: bodyIdSchema("player id"),
  division: DivisionSchema,
  ace: AceFlagSchema.default(true),
  credit_used: nonNegativeDollarsSchema("Credit used").default(0),
  /** The round's side pots to buy into with the entry (ADR 30). */
  side_pots: z.array(bodyIdSchema("side pot id"), { error: "side_pots must be a list of side pot ids" }).max(20).default([]),
  method: z.enum(["credit", "paypal"], { error: "method must be credit or paypal" }),
  payment_data: z
    .object({ orderID: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, "Invalid PayPal order id") }, { error: "payment_data must be an object" })
    .nullish(),
  amount: z.unknown().optional(),
  score: z.unknown().optional(),
});

/**
 * POST /api/entries/paypal-order: the PayPal order for a sign-up's rest. The player is the
 * caller's claimed one (player_id, when sent, must be it); amounts are computed by the server.
 */
export const PayPalOrderSchema = SignUpSchema.pick({
  round_id: true,
  division: true,
  ace: true,
  credit_used: true,
  side_pots: true,
}).extend({
  player_id: bodyIdSchema("player id").nullish(),
});
