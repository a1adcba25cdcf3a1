import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";

/** zod at the boundary, failing in the API's one error shape with the first readable message. */
export const body = <T extends ZodType>(schema: T) =>
  zValidator("json", schema, (result, c) => {
    if (!result.success) {
      return c.json({ error: result.error.issues[0]?.message ?? "Invalid input", code: "bad_request" }, 400);
    }
  });

export const query = <T extends ZodType>(schema: T) =>
  zValidator("query", schema, (result, c) => {
    if (!result.success) {
      return c.json({ error: result.error.issues[0]?.message ?? "Invalid input", code: "bad_request" }, 400);
    }
  });
