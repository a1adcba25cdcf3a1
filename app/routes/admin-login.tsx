import { Link } from "react-router";
import type { Route } from "./+types/admin-login";
import { LoginForm } from "~/components/login-form";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { loginAction } from "./login-answer.server";
import { ADMIN_LOGIN_FAILED, adminLogin } from "~/.server/services/accounts/accounts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Admin login", "The league admins' login, for running rounds, players and payments.");

export async function action(args: Route.ActionArgs) {
  // One answer for every failure, the unexpected ones too.
  return loginAction(args, { login: adminLogin, next: () => "/admin/users", unexpected: ADMIN_LOGIN_FAILED });
}

export default function AdminLogin() {
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title="Admin login"
        subtitle={
          <>
            For league admins. Players log in at the{" "}
            <Link to="/login" className="font-medium text-brand-800 underline underline-offset-2">
              player login
            </Link>
            .
          </>
        }
      />
      <Card>
        <LoginForm emailAutoComplete="username" />
      </Card>
    </div>
  );
}
