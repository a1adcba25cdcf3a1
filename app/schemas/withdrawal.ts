import { z } from "./zod";

// Why the admin withdraws a checked-in player (ADR 34): kept in the audit log. One schema for
// the /api, the entries screen and the night screen. Blank is none.

export const WITHDRAW_REASON = { min: 3, max: 300 } as const;

export const WithdrawReasonSchema = z
  .string({ error: "reason must be text" })
  .trim()
  .max(WITHDRAW_REASON.max, `Keep the reason to ${WITHDRAW_REASON.max} characters`)
  .refine((v) => v === "" || v.length >= WITHDRAW_REASON.min, `Give a reason of at least ${WITHDRAW_REASON.min} characters`)
  .nullish()
  .transform((v) => v || undefined);

/** DELETE /api/entries/{id}: no body, or {reason} (an admin's, once the player is checked in). */
export const WithdrawBodySchema = z.object({ reason: WithdrawReasonSchema });
