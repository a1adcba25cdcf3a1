import { z } from "./zod";
import { bodyIdSchema } from "./ids";
import { nonNegativeDollarsSchema, positiveDollarsSchema } from "./money";
import { optionFlagSchema } from "./entries";

// The admin's money actions on a round's entries (ADR 22) and a player's withdrawal: one
// schema each, shared by the /api and the page actions.

/** The most cash one entry's payment may record: a typo guard ($500, far above any entry). */
export const MAX_CASH_CENTS = 50_000;

/** Cash taken for an entry: more than 0, at most MAX_CASH_CENTS. */
export const CashAmountSchema = positiveDollarsSchema("Amount").refine((cents) => cents <= MAX_CASH_CENTS, {
  message: "Amount must be at most $500.00: record larger sums as a transfer",
});

/**
 * Cash or credit at a walk-up (ADR 38): 0 or more, at most MAX_CASH_CENTS; left out, 0. What
 * the walk-up pays in all is checked by `walkUpPays`.
 */
export const walkUpDollarsSchema = (what: string) =>
  nonNegativeDollarsSchema(what)
    .refine((cents) => cents <= MAX_CASH_CENTS, { message: `${what} must be at most $500.00: record larger sums as a transfer` })
    .optional()
    .transform((cents) => cents ?? 0);

/** A walk-up pays something (cash, credit or both): its request key lives on a payment (ADR 25). */
export const WALK_UP_PAYS = "A walk-up pays something: the cash taken, credit, or both.";

/** The refusal of a walk-up that pays nothing, on its cash field. */
export function walkUpPays(v: { amount: number; credit: number }, ctx: z.RefinementCtx) {
  if (v.amount + v.credit === 0) ctx.addIssue({ code: "custom", message: WALK_UP_PAYS, path: ["amount"] });
}

/** A cash note: trimmed, at most 200 characters; empty is none. */
export const NoteSchema = z
  .string({ error: "Note must be text" })
  .trim()
  .max(200, "Note must be at most 200 characters")
  .nullish()
  .transform((v) => v || null);

const entryId = bodyIdSchema("entry id");
const paymentId = bodyIdSchema("payment id");

/**
 * The key a client makes once per attempt at recording money (ADR 25): a retry sends the
 * same one and gets the first attempt's answer instead of paying twice.
 */
export const RequestKeySchema = z
  .string({ error: "request_key must be text" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "request_key must be 8 to 64 letters, digits, - or _");

/** The admin's word that cash above what the entry owes is meant (ADR 37): off when left out. */
export const MoreThanOwedSchema = optionFlagSchema("more_than_owed");

/** Why a cash record is voided: required, trimmed, at most 200 characters. */
export const VoidReasonSchema = z
  .string({ error: "Say why the cash record is voided" })
  .trim()
  .min(1, "Say why the cash record is voided")
  .max(200, "The reason must be at most 200 characters");

/**
 * POST /api/admin/entry/cash {id, amount, note, request_key?, more_than_owed?}: the entry was
 * paid `amount` dollars in cash; a retry with the same request_key records nothing more.
 * Above what the entry owes it is refused unless more_than_owed (ADR 37).
 */
export const CashSchema = z.object({
  id: entryId,
  amount: CashAmountSchema,
  note: NoteSchema,
  request_key: RequestKeySchema.nullish(),
  more_than_owed: MoreThanOwedSchema,
});

/** POST /api/admin/entry/voidCash {payment_id, reason}: a cash record entered by mistake. */
export const VoidCashSchema = z.object({ payment_id: paymentId, reason: VoidReasonSchema });

/** POST /api/admin/entry/excessToCredit {id}: what the entry was paid beyond its price, back as credit. */
export const ExcessToCreditSchema = z.object({ id: entryId });

/** POST /api/admin/entry/keep {id}: keep an entry whose payment PayPal refunded. */
export const KeepEntrySchema = z.object({ id: entryId });

/** The money forms of the admin's entries screen (/admin/round/play/{id}). */
export const EntryMoneyFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("cash"),
      id: entryId,
      amount: CashAmountSchema,
      note: NoteSchema,
      request_key: RequestKeySchema.nullish(),
      more_than_owed: MoreThanOwedSchema,
    }),
    z.object({ intent: z.literal("keepEntry"), id: entryId }),
    z.object({ intent: z.literal("giveBack"), payment: paymentId }),
    z.object({ intent: z.literal("takeBack"), payment: paymentId }),
    z.object({ intent: z.literal("voidCash"), payment: paymentId, reason: VoidReasonSchema }),
    z.object({ intent: z.literal("excessToCredit"), id: entryId }),
  ],
  { error: "Unknown action" },
);

/** The intents EntryMoneyFormSchema takes; the entries screen's other forms go to EntryFormSchema. */
export const MONEY_INTENTS: readonly string[] = ["cash", "keepEntry", "giveBack", "takeBack", "voidCash", "excessToCredit"];

/** The round page's withdraw button: the player's own entry (the page action checks whose). */
export const WithdrawFormSchema = z.object({ intent: z.literal("withdraw", { error: "Unknown action" }), id: entryId });
