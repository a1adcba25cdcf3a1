import { zValidator } from "@hono/zod-validator";
import type { Context, Env } from "hono";
import { createMiddleware } from "hono/factory";
import type { ZodType, z } from "zod";
import { errorResponse } from "./errors";

type Parsed = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

export const NOT_JSON = "Send the body as JSON (Content-Type: application/json)";

/** The one answer to input that fails its schema: 400 in the API's error shape, with the first readable message. */
function refuseInvalid(result: Parsed, c: Context) {
  if (!result.success) return errorResponse(c.req.raw, "bad_request", result.error.issues[0]?.message ?? "Invalid input");
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
  if (hasNonJsonBody(c.req.raw)) return errorResponse(c.req.raw, "unsupported_media_type", NOT_JSON);
  return refuseInvalid(result, c);
}

// zod at every boundary of a request: its JSON body, its path parameters, its query string.
export const body = <T extends ZodType>(schema: T) => zValidator("json", schema, refuseNonJsonOrInvalid);
export const param = <T extends ZodType>(schema: T) => zValidator("param", schema, refuseInvalid);
export const query = <T extends ZodType>(schema: T) => zValidator("query", schema, refuseInvalid);

/**
 * A JSON body that may be left out (a DELETE's optional fields): none, or an empty one, is
 * read as {}; one sent must be JSON of the schema. Hono's JSON validator refuses an empty
 * body with Content-Type JSON, which clients send on a DELETE without a body.
 */
export function optionalBody<T extends ZodType>(schema: T) {
  return createMiddleware<Env, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }>(async (c, next) => {
    if (hasNonJsonBody(c.req.raw)) return errorResponse(c.req.raw, "unsupported_media_type", NOT_JSON);
    const text = (await c.req.text()).trim();
    let value: unknown = {};
    if (text !== "") {
      try {
        value = JSON.parse(text);
      } catch {
        return errorResponse(c.req.raw, "bad_request", "Malformed JSON in request body");
      }
    }
    const result = schema.safeParse(value);
    if (!result.success) return refuseInvalid(result, c);
    c.req.addValidatedData("json", result.data as object);
    await next();
  });
}
