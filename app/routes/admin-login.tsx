import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin-login";
import { LoginForm } from "~/components/login-form";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/meta";
import { sessionCookie } from "~/.server/auth/session";
import { handleForm } from "~/.server/forms";
import { keepEmail } from "~/.server/login-answer";
import { routeServices } from "~/.server/route-context";
import { ADMIN_LOGIN_FAILED, adminLogin } from "~/.server/services/accounts";
import { clientAddress } from "~/.server/client-address";
import { LoginSchema } from "~/schemas/auth";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Admin login", "The league admins' login, for running rounds, players and payments.");

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = routeServices(context);
  return keepEmail(request, (req) =>
    handleForm(
      req,
      LoginSchema,
      async (input) => {
        const result = await adminLogin(db, env, input, clientAddress(req));
        return redirect("/admin/users", { headers: { "Set-Cookie": sessionCookie(result.token, result.maxAge) } });
      },
      // One answer for every failure, the unexpected ones too (spec §8).
      { unexpected: ADMIN_LOGIN_FAILED },
    ),
  );
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
