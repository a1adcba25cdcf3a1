import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks } from "~/hooks/use-form-checks";
import { pageMeta } from "~/lib/shared/meta";
import { handleForm } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { RESET_REQUESTED, requestPasswordReset } from "~/.server/services/accounts/password-reset";
import { clientAddress } from "~/.server/client-address";
import { ForgotPasswordSchema } from "~/schemas/auth";
import { rootHref } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Forgot password", "Forgot your league password? Ask for a link by email to set a new one.");

const loadCheck = async () => (await import("~/lib/accounts/account-checks")).forgotPasswordCheck;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return handleForm(request, ForgotPasswordSchema, async ({ email }) => {
    await requestPasswordReset(db, env.JOBS, email, clientAddress(request), new URL(request.url).origin);
    return { success: RESET_REQUESTED };
  });
}

export default function ForgotPassword() {
  const { success: sent, formError, errors, form } = useFormChecks(loadCheck);
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Forgot password" subtitle="We will email you a link to set a new password." />
      <Panel>
        {sent ? (
          <FormAlert tone="success" message={sent} />
        ) : (
          <Form method="post" className="space-y-4" {...form}>
            <FormAlert message={formError} />
            <FormField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              hint="The email you registered with."
              error={errors.email}
            />
            <Button type="submit" block disabled={busy}>
              {busy ? "Sending…" : "Send reset link"}
            </Button>
          </Form>
        )}
      </Panel>
      <p className="mt-6 text-center text-sm">
        <Link to={rootHref("/login")} className="font-medium text-brand-800 underline underline-offset-2">
          Back to login
        </Link>
      </p>
    </div>
  );
}
