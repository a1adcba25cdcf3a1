import { Link } from "react-router";
import type { Route } from "./+types/admin-login";
import { LoginForm } from "~/components/accounts/login-form";
import { Panel } from "~/components/ui/panel";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { loginAction } from "./login-answer.server";
import { routeServices } from "~/.server/route-context";
import { ADMIN_LOGIN_FAILED, adminLogin } from "~/.server/services/accounts/accounts";
import { adminLanding } from "~/.server/services/rounds/admin-landing";
import { rootHref } from "~/lib/shared/league-url";
import { leagueUrls } from "~/lib/shared/league-url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Admin login", "The league admins' login, for running rounds, players and payments.");

export async function action(args: Route.ActionArgs) {
  const { db, league } = routeServices(args.context);
  // One answer for every failure, the unexpected ones too. The admin lands on tonight's
  // round (ADR 39); a landing that cannot be read never fails the login: the rounds page.
  const urls = leagueUrls(league);
  const next = () => adminLanding(db, league.timeZone, undefined, urls).catch(() => urls.href("/admin/rounds"));
  return loginAction(args, { login: adminLogin, next, unexpected: ADMIN_LOGIN_FAILED });
}

export default function AdminLogin() {
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title="Admin login"
        subtitle={
          <>
            For league admins. Players log in at the{" "}
            <Link to={rootHref("/login")} className="font-medium text-brand-800 underline underline-offset-2">
              player login
            </Link>
            .
          </>
        }
      />
      <Panel>
        <LoginForm emailAutoComplete="username" />
      </Panel>
    </div>
  );
}
