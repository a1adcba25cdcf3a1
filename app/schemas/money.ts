import { z } from "./zod";

/** The largest single amount the ledger takes: $100,000 (a typo guard, not a business rule). */
export const MAX_AMOUNT_CENTS = 10_000_000;

/**
 * A dollar amount as the /api and the forms send it ("12.50", "12.5", 12.5) into whole
 * cents: more than zero, at most two decimals, no exponent or sign games. Parsed from the
 * digits, never by multiplying a float.
 */
export function positiveDollarsSchema(what: string) {
  return dollarsSchema(what, false);
}

/** The same, where zero is a fair amount (a round's course fund or other fee). */
export function nonNegativeDollarsSchema(what: string) {
  return dollarsSchema(what, true);
}

/** An amount that may be negative (an admin's payout adjustment): "-1.25" → -125 cents. */
export function signedDollarsSchema(what: string) {
  return z.union([z.string(), z.number()], { error: `${what} is required` }).transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim();
    const negative = text.startsWith("-");
    const parsed = dollarsSchema(what, true).safeParse(negative ? text.slice(1) : value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return negative && parsed.data > 0 ? -parsed.data : parsed.data;
  });
}

function dollarsSchema(what: string, allowZero: boolean) {
  const invalid = `${what} must be an amount in dollars, like 12.50`;
  return z.union([z.string(), z.number()], { error: `${what} is required` }).transform((value, ctx) => {
    const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim().replace(/^\$/, "");
    if (text === "") {
      ctx.addIssue({ code: "custom", message: `${what} is required` });
      return z.NEVER;
    }
    const m = text.match(/^(\d{1,9})(?:\.(\d{1,2}))?$/) ?? text.match(/^()\.(\d{1,2})$/);
    if (!m) {
      ctx.addIssue({ code: "custom", message: /\.\d{3,}$/.test(text) ? `${what} can have at most 2 decimals` : invalid });
      return z.NEVER;
    }
    const cents = Number(m[1] || "0") * 100 + Number((m[2] ?? "").padEnd(2, "0"));
    if (cents === 0 && !allowZero) {
      ctx.addIssue({ code: "custom", message: `${what} must be more than 0` });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: `${what} must be at most $100,000` });
      return z.NEVER;
    }
    return cents;
  });
}
