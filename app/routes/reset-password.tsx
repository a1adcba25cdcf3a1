import { useEffect } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { NewPasswordFields } from "~/components/accounts/new-password-fields";
import { Alert, FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks } from "~/hooks/use-form-checks";
import { useFormResult } from "~/hooks/use-form-result";
import { usePasswordPair } from "~/hooks/use-password-pair";
import { pageMeta } from "~/lib/shared/meta";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { resetPassword, verifyResetToken } from "~/.server/services/accounts/password-reset";
import { ResetPasswordFormSchema, ResetTokenSchema } from "~/schemas/auth";
import { rootHref } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Reset password");

const RESET_DONE = "Your password has been reset. Redirecting to login…";
const REDIRECT_MS = 2000;
const link = "font-medium text-brand-800 underline underline-offset-2";
const loadCheck = async () => (await import("~/lib/accounts/account-checks")).resetPasswordCheck;

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
    <Alert tone="error" title="Invalid or expired reset link.">
      <Link to={rootHref("/forgot-password")} className="font-semibold underline">
        Request a new reset link
      </Link>
    </Alert>
  );
}

function ResetDone({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(rootHref("/login")), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="space-y-3">
      <FormAlert tone="success" message={message} />
      <Link to={rootHref("/login")} className={`text-sm ${link}`}>
        Go to login
      </Link>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const pair = usePasswordPair();
  const { formError, fieldErrors, errors, form } = useFormChecks(loadCheck);
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="space-y-4" {...form}>
      <FormAlert message={formError ?? fieldErrors.token} />
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields pair={pair} errors={errors} label="New password" confirmLabel="Confirm new password" />
      <Button type="submit" block disabled={busy}>
        {busy ? "Saving…" : "Set new password"}
      </Button>
    </Form>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { success: done } = useFormResult();
  const navigation = useNavigation();
  const checking = navigation.state === "loading" && navigation.location.pathname === rootHref("/reset-password") && !navigation.formMethod;

  let body: React.ReactNode;
  if (checking)
    body = (
      <p aria-live="polite" className="text-sm text-muted">
        Checking your reset link…
      </p>
    );
  else if (done) body = <ResetDone message={done} />;
  else if (!loaderData.token) body = <InvalidLink />;
  else body = <ResetForm token={loaderData.token} />;

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Reset password" subtitle="Choose a new password for your account." />
      <Panel>{body}</Panel>
    </div>
  );
}
