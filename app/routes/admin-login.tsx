import { Form, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { Field, FormAlert, primaryButton } from "~/components/ui/field";
import { sessionCookie } from "~/.server/auth/session";
import { formAction, parseForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { ADMIN_LOGIN_FAILED, adminLogin } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { LoginSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Admin login" }];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  const parsed = await parseForm(request, LoginSchema);
  if (!parsed.ok) return parsed.errors;
  return formAction(async () => {
    const result = await adminLogin(db, env, parsed.data, clientAddress(request));
    return redirect("/admin/users", { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
  }, ADMIN_LOGIN_FAILED);
}

export default function AdminLogin() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Admin login</h1>
      <FormAlert message={result?.formError} />
      <Form method="post" className="space-y-4" noValidate>
        <Field label="Email" name="email" type="email" autoComplete="username" required error={result?.fieldErrors?.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={result?.fieldErrors?.password} />
        <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
    </div>
  );
}
