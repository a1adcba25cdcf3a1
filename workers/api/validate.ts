import { zValidator } from "@hono/zod-validator";
import type { Context } from "hono";
import type { ZodType } from "zod";

type Parsed = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

export const NOT_JSON = "Send the body as JSON (Content-Type: application/json)";

/** The one answer to input that fails its schema: 400 in the API's error shape, with the first readable message. */
function refuseInvalid(result: Parsed, c: Context) {
  if (!result.success) return c.json({ error: result.error.issues[0]?.message ?? "Invalid input", code: "bad_request" }, 400);
}

/**
 * Whether the request carries a body that is not JSON. Hono's JSON validator does not read
 * such a body and validates {} instead, so a route whose fields are all optional would run
 * on input it never saw: that is a 415. A request without a body stays {} (PUT …/approve).
 */
function hasNonJsonBody(req: Request): boolean {
  const length = req.headers.get("Content-Length");
  const hasBody = length === null ? req.body !== null : length !== "0";
  const type = (req.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  return hasBody && !/^application\/([\w.-]+\+)?json$/.test(type);
}

function refuseNonJsonOrInvalid(result: Parsed, c: Context) {
  if (hasNonJsonBody(c.req.raw)) return c.json({ error: NOT_JSON, code: "unsupported_media_type" }, 415);
  return refuseInvalid(result, c);
}

// zod at every boundary of a request: its JSON body, its path parameters, its query string.
export const body = <T extends ZodType>(schema: T) => zValidator("json", schema, refuseNonJsonOrInvalid);
export const param = <T extends ZodType>(schema: T) => zValidator("param", schema, refuseInvalid);
export const query = <T extends ZodType>(schema: T) => zValidator("query", schema, refuseInvalid);
