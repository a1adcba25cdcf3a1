import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import type { ZodType } from "zod";

type Parsed = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/** The one answer to input that fails its schema: 400 in the API's error shape, with the first readable message. */
function refuseInvalid(result: Parsed, c: Context) {
  if (!result.success) return c.json({ error: result.error.issues[0]?.message ?? "Invalid input", code: "bad_request" }, 400);
}

// zod at every boundary of a request: its JSON body, its path parameters, its query string.
export const body = <T extends ZodType>(schema: T) => zValidator("json", schema, refuseInvalid);
export const param = <T extends ZodType>(schema: T) => zValidator("param", schema, refuseInvalid);
export const query = <T extends ZodType>(schema: T) => zValidator("query", schema, refuseInvalid);
