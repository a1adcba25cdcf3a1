import type { Context } from "hono";
import { parseId } from "~/.server/services/ids";

/** A positive integer path parameter, or a 400 with a readable error. */
export function idParam(c: Context, name: string, what = name): number {
  return parseId(c.req.param(name), what);
}
