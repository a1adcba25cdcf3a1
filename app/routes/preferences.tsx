import { Link } from "react-router";
import type { Route } from "./+types/preferences";
import { LeaguePrefsPanel } from "~/components/accounts/league-prefs-panel";
import { PUSH_PANEL_ID } from "~/components/messages/push-toggle";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/shared/meta";
import { requireUser } from "~/.server/auth/guards";
import { postedIntent } from "~/.server/forms";
import { routeServices } from "~/.server/route-context";
import { preferencesPage } from "~/.server/pages/profile";
import { calendarAction, isCalendarIntent } from "./calendar-form.server";
import { saveMailOptIn } from "./mail-optin-form.server";
import { saveMessagePrefs } from "./message-prefs-form.server";
import { MessagePrefsForm } from "~/components/messages/message-prefs-form";
import { Panel } from "~/components/ui/panel";
import { MESSAGE_PREFS_INTENT } from "~/lib/messages/prefs";
import { leagueUrls, rootHref } from "~/lib/shared/league-url";
import { redirect } from "react-router";
import { handleForm } from "~/.server/forms";
import { leaveLeague } from "~/.server/services/accounts/memberships";
import { LeaveLeagueFormSchema } from "~/schemas/league-members";
import { LeaveLeaguePanel } from "~/components/accounts/members-panels";
import { useLeague } from "~/hooks/use-league";

// {league}/preferences: the signed-in account's choices in this league (ADR 46): how the
// league tells them each kind of message (ADR 49; its members only), its registration mail
// and its personal calendar feed. /profile shows every league's group and posts each to its
// league's page here, so a league's choices are written in a request placed in that league
// (its write guard, its cache tags). Without scripts a post lands on this page, which shows
// the answer with the league's group.

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Messages, mail and calendar");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user } = requireUser(context, request);
  const { db, env, league } = routeServices(context);
  return preferencesPage(db, user, league, env.APP_URL, request.url);
}

export async function action({ context, request }: Route.ActionArgs) {
  const { user } = requireUser(context, request);
  const { db, league } = routeServices(context);
  const intent = await postedIntent(request);
  // Leaving the league (ADR 47): the membership goes; the player record and its money stay the league's.
  if (intent === "leaveLeague")
    return handleForm(request, LeaveLeagueFormSchema, async () => {
      await leaveLeague(db, league.id, user);
      return redirect(rootHref("/profile"));
    });
  // An intent starting "calendar" is the feed's (a wrong one gets its 400); any other is the mail form's.
  if (isCalendarIntent(intent)) return calendarAction(request, db, user.id);
  if (intent === MESSAGE_PREFS_INTENT) return saveMessagePrefs(request, db, user.id);
  return saveMailOptIn(request, db, user.id);
}

export default function Preferences({ loaderData }: Route.ComponentProps) {
  const { user, group, messages } = loaderData;
  const { role } = useLeague();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageHeader title="Messages, mail and calendar" subtitle={`Your settings in ${group.league.name}`} />
      <Panel title="Messages" titleId="message-prefs-title">
        {messages.member ? (
          <MessagePrefsForm action={leagueUrls(group.league).href("/preferences")} prefs={messages.prefs} email={user.email} />
        ) : (
          <p className="text-sm">
            {group.league.name} sends its messages to its members: join it with its code, or claim your player, and choose here how it tells
            you.
          </p>
        )}
      </Panel>
      <LeaguePrefsPanel group={group} email={user.email} />
      {role && role !== "owner" ? <LeaveLeaguePanel league={group.league.name} /> : null}
      <p className="text-sm">
        Notifications on this phone or computer are turned on and off on your{" "}
        <Link to={`${rootHref("/profile")}#${PUSH_PANEL_ID}`} className="font-medium text-brand-800 underline underline-offset-2">
          profile
        </Link>
        .
      </p>
      <p className="text-sm">
        Your settings in every league are on your{" "}
        <Link to={rootHref("/profile")} className="font-medium text-brand-800 underline underline-offset-2">
          profile
        </Link>
        .
      </p>
    </div>
  );
}
