import { useRef, useState } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/register";
import { NewPasswordFields } from "~/components/accounts/new-password-fields";
import { FormAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { FormField } from "~/components/ui/form-field";
import { PageHeader } from "~/components/ui/page-header";
import { useFormChecks } from "~/hooks/use-form-checks";
import { usePasswordPair } from "~/hooks/use-password-pair";
import { EMAIL_IN_USE } from "~/lib/accounts/messages";
import { pageMeta } from "~/lib/shared/meta";
import { signedInCookies } from "~/.server/auth/session-hint";
import { handleForm } from "~/.server/forms";
import { safeRedirect } from "~/.server/auth/guards";
import { routeServices } from "~/.server/route-context";
import { createAccountAndStartSession } from "~/.server/services/accounts/accounts";
import { clientAddress } from "~/.server/client-address";
import { RegisterFormSchema } from "~/schemas/auth";
import type { EmailCheckJson } from "../../workers/api/serializers/users";
import { rootHref } from "~/lib/shared/league-url";
import { useLeagueUrls } from "~/hooks/use-league-urls";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Register", "Create a league account to claim your player record, sign up for rounds and track your credit.");

const REGISTER_FAILED = "An error occurred during registration. Please try again.";
const loadCheck = async () => (await import("~/lib/accounts/account-checks")).registerCheck;

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, league } = routeServices(context);
  return handleForm(
    request,
    RegisterFormSchema,
    async (input, form) => {
      const result = await createAccountAndStartSession(db, env, input, clientAddress(request), league.id);
      // The next step for a new account: find and claim the player record (/welcome says how),
      // or the page that sent them here (a league's join or invitation page), made safe.
      return redirect(safeRedirect(form.get("redirectTo"), rootHref("/welcome")), {
        headers: new Headers(signedInCookies(result).map((cookie) => ["Set-Cookie", cookie])),
      });
    },
    { unexpected: REGISTER_FAILED },
  );
}

/** Asks the /api whether an email is taken; only the latest answer counts. */
function useEmailCheck() {
  // Accounts are the deployment's; the page's league's /api answers for them (ADR 46).
  const { apiUrl } = useLeagueUrls();
  const [taken, setTaken] = useState(false);
  const latest = useRef("");
  async function check(raw: string) {
    const email = raw.trim().toLowerCase();
    latest.current = email;
    if (!email.includes("@")) return setTaken(false);
    try {
      const res = await fetch(apiUrl(`/users/check-email?email=${encodeURIComponent(email)}`));
      if (!res.ok || latest.current !== email) return;
      const body = (await res.json()) as EmailCheckJson;
      setTaken(body.exists === true);
    } catch (err) {
      console.error("Email check failed", err);
    }
  }
  return { taken, check, clear: () => setTaken(false) };
}

export default function Register() {
  const busy = useNavigation().state === "submitting";
  const pair = usePasswordPair();
  const email = useEmailCheck();
  const { formError, errors, form } = useFormChecks(loadCheck, email.taken ? { email: EMAIL_IN_USE } : {});
  const redirectTo = useSearchParams()[0].get("redirectTo");
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Register" subtitle="Create your account, then find and claim your player record." />
      <Panel>
        <Form method="post" className="space-y-4" {...form}>
          <FormAlert message={formError} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <FormField label="Name" name="name" autoComplete="name" required error={errors.name} />
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            onBlur={(e) => void email.check(e.currentTarget.value)}
            onChange={email.clear}
            error={email.taken ? EMAIL_IN_USE : errors.email}
          />
          <NewPasswordFields pair={pair} errors={errors} />
          <Button type="submit" block disabled={busy}>
            {busy ? "Registering…" : "Register"}
          </Button>
        </Form>
      </Panel>
      <p className="mt-6 text-center text-sm">
        Already registered?{" "}
        <Link to={rootHref("/login")} className="font-medium text-brand-800 underline underline-offset-2">
          Log in
        </Link>
      </p>
    </div>
  );
}
