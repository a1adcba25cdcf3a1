import { data } from "react-router";
import type { z } from "zod";
import { appErrorOf } from "./errors";
import { type FormOutcome, FormShapeError, fieldErrorsOf, formToObject } from "~/lib/shared/form-data";

type FormErrors = Pick<FormOutcome, "formError" | "fieldErrors">;

type Options = {
  /** The object to validate, when it is not simply the posted fields (the profile sends only changes). */
  pick?: (form: FormData) => unknown;
  /**
   * The form's own failure message ('Update failed. Please try again.' …): anything that
   * is not an AppError is logged and shown as it, with a 500. Without one it is rethrown.
   */
  unexpected?: string;
};

/**
 * The one way a route action handles a form: parse the post with the same zod schema as
 * the /api, run the service, and answer the first error of each field (400), the
 * service's AppError as the form's error (its status), or whatever `run` returns (a
 * success object or a redirect). Components read the answer with useFormResult().
 */
export async function handleForm<S extends z.ZodType, T>(
  request: Request,
  schema: S,
  run: (input: z.infer<S>, form: FormData) => Promise<T>,
  { pick, unexpected }: Options = {},
): Promise<T | ReturnType<typeof data<FormErrors>>> {
  // A body that is not a form (a broken multipart, the wrong Content-Type) is bad input, not a crash.
  const form = await request.formData().catch(() => null);
  if (!form) return data<FormErrors>({ formError: "The form could not be read. Please try again." }, { status: 400 });
  let raw: unknown;
  try {
    raw = pick ? pick(form) : formToObject(form);
  } catch (err) {
    if (err instanceof FormShapeError) return data<FormErrors>({ formError: err.message }, { status: 400 });
    throw err;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return data<FormErrors>({ fieldErrors: fieldErrorsOf(parsed.error.issues) }, { status: 400 });
  try {
    return await run(parsed.data, form);
  } catch (err) {
    if (err instanceof Response) throw err;
    const refusal = appErrorOf(err);
    if (refusal) return data<FormErrors>({ formError: refusal.message }, { status: refusal.status });
    if (unexpected === undefined) throw err;
    console.error(unexpected, err);
    return data<FormErrors>({ formError: unexpected }, { status: 500 });
  }
}

/**
 * The `intent` a form posted, read from a copy of the request (the handler still reads
 * the body): for a route whose forms go to different handlers. "" when there is none.
 */
export async function postedIntent(request: Request): Promise<string> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const intent = form?.get("intent");
  return typeof intent === "string" ? intent : "";
}

/**
 * The text fields a form posted, read from a copy of the request: a refused form shows
 * what was typed again beside its errors, also without JavaScript. {} when it is not a form.
 */
export async function postedFields(request: Request): Promise<Record<string, string>> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form ? Object.fromEntries([...form].filter((pair): pair is [string, string] => typeof pair[1] === "string")) : {};
}
