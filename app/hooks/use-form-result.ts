import { useActionData } from "react-router";
import type { FormOutcome } from "~/lib/shared/form-data";

/**
 * What the route's action answered (app/.server/forms.ts handleForm): the success
 * message, the form's error and the errors by field name, each empty until a post.
 * `Extra` names anything else a success carries (an admin's reset: the new password).
 */
export function useFormResult<Extra extends object = Record<never, never>>() {
  const result = useActionData() as (FormOutcome & Partial<Extra>) | undefined;
  return {
    success: result?.success ?? null,
    formError: result?.formError ?? null,
    fieldErrors: result?.fieldErrors ?? {},
    result,
  };
}
