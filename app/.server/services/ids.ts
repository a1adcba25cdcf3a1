import { z } from "zod";
import { badRequest } from "../errors";

export const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A positive integer id from a URL, or a 400 a person can read. */
export function parseId(raw: string | undefined, what = "id"): number {
  const parsed = IdSchema.safeParse(raw);
  if (!parsed.success || !/^\d+$/.test(raw ?? "")) throw badRequest(`Invalid ${what}`);
  return parsed.data;
}

/** D1 binds at most 100 parameters per query. */
export function chunk<T>(items: T[], size = 90): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
