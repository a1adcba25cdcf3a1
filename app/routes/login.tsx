import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm } from "~/components/accounts/login-form";
import { ButtonLink } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { safeRedirect } from "~/.server/auth/guards";
import { loginAction } from "./login-answer.server";
import { login } from "~/.server/services/accounts/accounts";
import { useLeagueUrls } from "~/hooks/use-league-urls";
import { rootHref } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Log in", "Log in to the league to sign up for rounds, claim your player record and see your credit.");

/** Anything but a refused login (the service or the database failing) says so in the form. */
const LOGIN_ERROR = "An error occurred during login. Please try again.";

export async function action(args: Route.ActionArgs) {
  return loginAction(args, { login, next: (form) => safeRedirect(form.get("redirectTo"), "/"), unexpected: LOGIN_ERROR });
}

export default function Login() {
  const { href } = useLeagueUrls();
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Player login" subtitle="Sign up for rounds, claim your player record and see your credit." />
      <Panel>
        <LoginForm redirectTo={params.get("redirectTo") ?? "/"} />
        <p className="mt-4 text-sm">
          <Link to={rootHref("/forgot-password")} className="font-medium text-brand-800 underline underline-offset-2">
            Forgot password?
          </Link>
        </p>
      </Panel>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 text-sm">
        <p>New to the league?</p>
        <ButtonLink
          to={
            params.get("redirectTo")
              ? rootHref(`/register?redirectTo=${encodeURIComponent(params.get("redirectTo") ?? "")}`)
              : rootHref("/register")
          }
        >
          Register
        </ButtonLink>
      </div>
      <p className="mt-6 text-center text-sm text-muted">
        League admin?{" "}
        <Link to={href("/admin/login")} className="font-medium text-brand-800 underline underline-offset-2">
          Admin login
        </Link>
      </p>
    </div>
  );
}
