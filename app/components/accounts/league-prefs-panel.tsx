import { Link } from "react-router";
import { MailOptInForm } from "~/components/accounts/mail-optin-panel";
import { CalendarFeedSection } from "~/components/rounds/calendar-feed-panel";
import { Panel } from "~/components/ui/panel";
import type { LeaguePrefs } from "~/.server/pages/profile";
import { leagueUrls } from "~/lib/shared/league-url";

/**
 * One league's group of the account's choices (ADR 46), headed by the league's name: its
 * mails and its calendar feeds, each form saved to that league's /preferences. On /profile
 * (`messagesLink`) it leads to that page for how the league tells the player (ADR 49).
 */
export function LeaguePrefsPanel({ group, email, messagesLink = false }: { group: LeaguePrefs; email: string; messagesLink?: boolean }) {
  const { league, mail, calendar, playing } = group;
  const action = leagueUrls(league).href("/preferences");
  return (
    <Panel title={league.name} titleId={`league-prefs-${league.id}`}>
      <div className="space-y-6">
        {messagesLink ? (
          <p className="text-sm">
            <Link to={action} className="inline-flex min-h-11 items-center font-medium text-brand-800 underline underline-offset-2">
              Messages: how {league.name} tells you
            </Link>
            <br />
            Cards, reminders, waitlist places, results and more: by push, by mail, or not at all.
          </p>
        ) : null}
        <MailOptInForm action={action} leagueName={league.name} enabled={mail.registrationOpens} email={email} />
        <div className="border-t border-line pt-4">
          <CalendarFeedSection action={action} urls={calendar} approved={playing} />
        </div>
      </div>
    </Panel>
  );
}
