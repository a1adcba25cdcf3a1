import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { sessionCookie } from "~/.server/auth/session";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { ADMIN_LOGIN_FAILED, adminLogin } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { LoginSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Admin login" }];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return handleForm(
    request,
    LoginSchema,
    async (input) => {
      const result = await adminLogin(db, env, input, clientAddress(request));
      return redirect("/admin/users", { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
    },
    { unexpected: ADMIN_LOGIN_FAILED },
  );
}

export default function AdminLogin() {
  const { formError, fieldErrors } = useFormResult();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Admin login</h1>
      <FormAlert message={formError} />
      <Form method="post" className="space-y-4" noValidate>
        <Field label="Email" name="email" type="email" autoComplete="username" required error={fieldErrors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
        <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
    </div>
  );
}
