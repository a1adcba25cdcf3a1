import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "./errors";

export type FormErrors = { formError?: string; fieldErrors?: Record<string, string> };

/** A form post parsed with the same zod schema as the /api; errors per field. */
export async function parseForm<T extends z.ZodType>(request: Request, schema: T, pick?: (form: FormData) => unknown) {
  const form = await request.formData();
  const raw = pick ? pick(form) : Object.fromEntries(form);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true as const, data: parsed.data as z.infer<T>, form };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  const errors: FormErrors = { fieldErrors };
  return { ok: false as const, errors, form };
}

/**
 * Turns a service's AppError into the form's error message with the right status.
 * Anything else is logged and, when the form has one, shown as its spec failure
 * message ('Update failed. Please try again.' …) with a 500; otherwise rethrown.
 */
export async function formAction<T>(
  work: () => Promise<T>,
  unexpected?: string,
): Promise<T | ReturnType<typeof data<FormErrors>>> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) return data<FormErrors>({ formError: err.message }, { status: err.status });
    if (unexpected === undefined) throw err;
    console.error(unexpected, err);
    return data<FormErrors>({ formError: unexpected }, { status: 500 });
  }
}
