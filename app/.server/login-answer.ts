import { data } from "react-router";
import type { FormOutcome } from "~/lib/form-data";

/**
 * A login form's answer: a refused login comes back with the email it was for, so the
 * form shown again keeps it (a browser without JavaScript redraws the whole page) and
 * never the password. `answer` is handleForm's: the redirect, or the errors.
 */
export async function keepEmail(
  request: Request,
  answer: (request: Request) => Promise<Response | { data: FormOutcome; init: ResponseInit | null }>,
) {
  // handleForm reads the body; the copy is read only when the login was refused.
  const copy = request.clone();
  const result = await answer(request);
  if (result instanceof Response) return result;
  const form = await copy.formData().catch(() => null);
  const email = form?.get("email");
  return data({ ...result.data, email: typeof email === "string" ? email.slice(0, 254) : "" }, result.init ?? undefined);
}
