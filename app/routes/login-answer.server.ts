import { data, redirect } from "react-router";
import { signedInCookies } from "~/.server/auth/session-hint";
import { clientAddress } from "~/.server/client-address";
import { handleForm } from "~/.server/forms";
import { type ContextReader, routeServices } from "~/.server/route-context";
import type { login } from "~/.server/services/accounts/accounts";
import type { FormOutcome } from "~/lib/shared/form-data";
import { LoginSchema } from "~/schemas/auth";

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

/**
 * The player's and the admin's login action: the form read with LoginSchema, `login` (the
 * service's login or adminLogin), then the session cookie and the page `next` names. A
 * failure the service did not expect says `unexpected` in the form.
 */
export function loginAction(
  { request, context }: { request: Request; context: ContextReader },
  opts: { login: typeof login; next: (form: FormData) => string | Promise<string>; unexpected: string },
) {
  const { db, env, league } = routeServices(context);
  return keepEmail(request, (req) =>
    handleForm(
      req,
      LoginSchema,
      async (input, form) => {
        const result = await opts.login(db, env, input, clientAddress(req), league.id);
        const headers = new Headers(signedInCookies(result).map((cookie) => ["Set-Cookie", cookie]));
        return redirect(await opts.next(form), { headers });
      },
      { unexpected: opts.unexpected },
    ),
  );
}
