// The account forms' checks in the browser: the action's own zod schema (app/schemas),
// read from the form as the action reads it, so the browser refuses before the post what
// the server would, in the server's words. A courtesy: the action checks everything
// again, and without JavaScript only it does. The schemas are built jitless
// (app/schemas/zod.ts): our CSP forbids the eval zod would otherwise use.
import type { z } from "zod";
import { fieldErrorsOf, formToObject } from "./form-data";
import { PASSWORD_RULES_BROKEN, PASSWORD_RULES_UNMET } from "../accounts/password-rules";

export type FieldErrors = Record<string, string>;
export type FormCheck = (form: FormData) => FieldErrors;

// Where the browser's words differ: beside the rules it ticks live, a password "does not
// meet all requirements".
const IN_BROWSER: Record<string, string> = { [PASSWORD_RULES_BROKEN]: PASSWORD_RULES_UNMET };

/** `schema` as a check of the form; `pick` is the action's own, if it has one (the profile sends only changes). */
export function schemaCheck(schema: z.ZodType, pick: (form: FormData) => unknown = formToObject): FormCheck {
  return (form) => {
    const parsed = schema.safeParse(pick(form));
    if (parsed.success) return {};
    const errors = fieldErrorsOf(parsed.error.issues);
    for (const [field, message] of Object.entries(errors)) errors[field] = IN_BROWSER[message] ?? message;
    return errors;
  };
}
