import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { NewPasswordFields } from "~/components/new-password-fields";
import { FormAlert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { useFormResult } from "~/hooks/use-form-result";
import { usePasswordPair } from "~/hooks/use-password-pair";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { resetPassword, verifyResetToken } from "~/.server/services/password-reset";
import { ResetPasswordFormSchema, ResetTokenSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = () => [{ title: "Reset password" }];

const RESET_DONE = "Your password has been reset. Redirecting to login…";
const REDIRECT_MS = 2000;

/** The token is verified before the form is shown: "checking", then the form or "invalid". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = routeServices(context);
  const parsed = ResetTokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  const valid = parsed.success && (await verifyResetToken(db, parsed.data.token));
  return { token: valid ? parsed.data.token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = routeServices(context);
  return handleForm(request, ResetPasswordFormSchema, async ({ token, password }) => {
    await resetPassword(db, token, password);
    return { success: RESET_DONE };
  });
}

function InvalidLink() {
  return (
    <div role="alert" className="space-y-3 rounded border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>Invalid or expired reset link.</p>
      <Link to="/forgot-password" className="font-semibold underline">
        Request a new reset link
      </Link>
    </div>
  );
}

function ResetDone({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="space-y-3">
      <FormAlert tone="success" message={message} />
      <Link to="/login" className="text-sm text-brand-700 underline">
        Go to login
      </Link>
    </div>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { success: done, formError, fieldErrors } = useFormResult();
  const navigation = useNavigation();
  const pair = usePasswordPair();
  const checking = navigation.state === "loading" && navigation.location.pathname === "/reset-password" && !navigation.formMethod;
  const busy = navigation.state === "submitting";

  let body: React.ReactNode;
  if (checking)
    body = (
      <p aria-live="polite" className="text-sm text-slate-600">
        Checking your reset link…
      </p>
    );
  else if (done) body = <ResetDone message={done} />;
  else if (!loaderData.token) body = <InvalidLink />;
  else
    body = (
      <>
        <FormAlert message={formError ?? fieldErrors.token} />
        <Form method="post" className="space-y-4" noValidate onSubmit={(e) => pair.guard(e)}>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields pair={pair} serverErrors={fieldErrors} label="New password" confirmLabel="Confirm new password" />
          <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
            {busy ? "Saving…" : "Set new password"}
          </button>
        </Form>
      </>
    );

  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-semibold">Reset password</h1>
      {body}
    </div>
  );
}
