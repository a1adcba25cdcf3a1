import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function getDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof getDb>;

/**
 * The text of a unique-index violation ("UNIQUE constraint failed: claims.player_id"),
 * or null for any other error. drizzle wraps D1's error in its own ("Failed query: …"),
 * so the cause chain is searched, not just the outer message.
 */
export function uniqueViolation(err: unknown): string | null {
  return errorMessageWith(err, "UNIQUE constraint failed");
}

/** True when `err` is the named CHECK constraint failing (a write guard, ADR 14). */
export function checkFailed(err: unknown, constraint: string): boolean {
  return errorMessageWith(err, `CHECK constraint failed: ${constraint}`) !== null;
}

function errorMessageWith(err: unknown, text: string): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const message = String((e as Error).message ?? e);
    if (message.includes(text)) return message;
  }
  return null;
}
