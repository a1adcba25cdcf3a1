import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { RESET_REQUESTED, requestPasswordReset } from "~/.server/services/password-reset";
import { clientAddress } from "~/.server/client-address";
import { ForgotPasswordSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password" }];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return handleForm(request, ForgotPasswordSchema, async ({ email }) => {
    await requestPasswordReset(db, env.JOBS, email, clientAddress(request), new URL(request.url).origin);
    return { success: RESET_REQUESTED };
  });
}

export default function ForgotPassword() {
  const { success: sent, formError, fieldErrors } = useFormResult();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Forgot password</h1>
      {sent ? (
        <FormAlert tone="success" message={sent} />
      ) : (
        <>
          <p className="text-sm text-slate-700">Enter the email you registered with and we will send you a link to set a new password.</p>
          <FormAlert message={formError} />
          <Form method="post" className="space-y-4" noValidate>
            <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
            <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
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
