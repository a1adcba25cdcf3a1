import { Form, data, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { Field, FormAlert, primaryButton } from "~/components/ui/field";
import { sessionCookie } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import { type FormErrors, parseForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { login } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/services/rate-limit";
import { LoginSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Admin login" }];

const ADMIN_LOGIN_FAILED = "Login failed. Please try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  const parsed = await parseForm(request, LoginSchema);
  if (!parsed.ok) return parsed.errors;
  try {
    const result = await login(db, env, parsed.data, clientAddress(request), "admin");
    return redirect("/admin/users", { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
  } catch (err) {
    // One answer for every failure but the rate limit: nothing about who is an admin leaks.
    if (err instanceof AppError && err.code === "rate_limited") return data<FormErrors>({ formError: err.message }, { status: err.status });
    if (!(err instanceof AppError)) console.error("Admin login failed", err);
    return data<FormErrors>({ formError: ADMIN_LOGIN_FAILED }, { status: err instanceof AppError ? 401 : 500 });
  }
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
