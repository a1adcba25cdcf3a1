import { z } from "./zod";

/**
 * A positive integer id as a URL writes it ("12"): digits only, so "1e3", "0x10", "-1"
 * and " 1" are refused, and it must fit a safe integer. Every failure reads "Invalid {what}".
 */
export function idSchema(what: string) {
  const message = `Invalid ${what}`;
  return z
    .string({ error: message })
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));
}

/** An id inside a JSON body: a positive safe integer, or the same written as digits. */
export function bodyIdSchema(what: string) {
  const message = `Invalid ${what}`;
  return z.union([z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message), idSchema(what)], {
    error: message,
  });
}

/** `{ id }` in a JSON body: the delete calls of the admin pages. */
export const idBodySchema = (what: string) => z.object({ id: bodyIdSchema(what) });

/** An optional player id in a JSON body: empty, null or absent means the league. */
export function optionalBodyIdSchema(what: string) {
  return z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), bodyIdSchema(what).nullish()).transform((v) => v ?? null);
}

/** A date as epoch seconds in a JSON body, between 2000 and 2100 (a typo guard). */
export function epochSecondsSchema(what: string) {
  const message = `${what} must be a date (seconds since 1970)`;
  return z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? `${what} is required` : message),
      })
      .int(message)
      .min(946_684_800, message)
      .max(4_102_444_800, message),
  );
}
