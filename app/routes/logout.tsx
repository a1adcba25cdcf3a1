import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { optionalSession } from "~/.server/auth/guards";
import { clearedSessionCookie } from "~/.server/auth/session";
import { clearedHintCookie } from "~/.server/auth/session-hint";
import { routeServices } from "~/.server/route-context";
import { endAllSessions, endSession } from "~/.server/services/accounts/sessions";
import { leagueUrls } from "~/lib/shared/league-url";
import { servicesContext } from "~/context";

/** "Log out" ends this device's session; intent=everywhere ends all of the user's sessions (ADR 6). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = optionalSession(context);
  if (session) {
    const { db } = routeServices(context);
    const form = await request.formData().catch(() => null);
    if (form?.get("intent") === "everywhere") await endAllSessions(db, session.user.id);
    else await endSession(db, session);
  }
  const headers = new Headers([
    ["Set-Cookie", clearedSessionCookie()],
    ["Set-Cookie", clearedHintCookie()],
  ]);
  return redirect(home(context), { headers });
}

export function loader({ context }: Route.LoaderArgs) {
  return redirect(home(context));
}

/** The root's home: the default league's, or the list of leagues (ADR 46). */
const home = (context: Route.LoaderArgs["context"]) => leagueUrls(context.get(servicesContext).league).href("/");
