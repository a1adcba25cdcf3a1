import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { safeRedirect } from "~/.server/auth/guards";
import { sessionCookie } from "~/.server/auth/session";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { login } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { LoginSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Log in" }];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return handleForm(request, LoginSchema, async (input, form) => {
    const result = await login(db, env, input, clientAddress(request));
    const to = safeRedirect(form.get("redirectTo"), "/");
    return redirect(to, { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
  });
}

export default function Login() {
  const { formError, fieldErrors } = useFormResult();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Player login</h1>
      <FormAlert message={formError} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/"} />
        <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
        <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="text-brand-700 underline">
          Forgot password?
        </Link>
        <Link to="/register" className="rounded border border-brand-700 px-3 py-2 font-semibold text-brand-700">
          Register
        </Link>
      </div>
    </div>
  );
}
