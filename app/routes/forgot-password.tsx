import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Field, FormAlert, primaryButton } from "~/components/ui/field";
import { formAction, parseForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { RESET_REQUESTED, requestPasswordReset } from "~/.server/services/password-reset";
import { clientAddress } from "~/.server/client-address";
import { ForgotPasswordSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password" }];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  const parsed = await parseForm(request, ForgotPasswordSchema);
  if (!parsed.ok) return parsed.errors;
  return formAction(async () => {
    await requestPasswordReset(db, env.JOBS, parsed.data.email, clientAddress(request), new URL(request.url).origin);
    return { success: RESET_REQUESTED };
  });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = result && "success" in result ? result.success : null;
  const errors = result && !("success" in result) ? result : null;
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Forgot password</h1>
      {sent ? (
        <FormAlert tone="success" message={sent} />
      ) : (
        <>
          <p className="text-sm text-slate-700">Enter the email you registered with and we will send you a link to set a new password.</p>
          <FormAlert message={errors?.formError} />
          <Form method="post" className="space-y-4" noValidate>
            <Field label="Email" name="email" type="email" autoComplete="email" required error={errors?.fieldErrors?.email} />
            <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
              {busy ? "Sending…" : "Send reset link"}
            </button>
          </Form>
        </>
      )}
      <p className="text-sm">
        <Link to="/login" className="text-brand-700 underline">
          Back to login
        </Link>
      </p>
    </div>
  );
}
