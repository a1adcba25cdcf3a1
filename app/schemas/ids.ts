import { z } from "zod";

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
