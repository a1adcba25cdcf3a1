import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { optionalSession } from "~/.server/auth/guards";
import { clearedSessionCookie } from "~/.server/auth/session";
import { routeServices } from "~/.server/route-context";
import { endAllSessions, endSession } from "~/.server/services/accounts/sessions";

/** "Log out" ends this device's session; intent=everywhere ends all of the user's sessions (ADR 6). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = optionalSession(context);
  if (session) {
    const { db } = routeServices(context);
    const form = await request.formData().catch(() => null);
    if (form?.get("intent") === "everywhere") await endAllSessions(db, session.user.id);
    else await endSession(db, session);
  }
  return redirect("/", { headers: { "Set-Cookie": clearedSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
