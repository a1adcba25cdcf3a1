import { MailOptInForm } from "~/components/accounts/mail-optin-panel";
import { CalendarFeedSection } from "~/components/rounds/calendar-feed-panel";
import { Panel } from "~/components/ui/panel";
import type { LeaguePrefs } from "~/.server/pages/profile";
import { leagueUrls } from "~/lib/shared/league-url";

/**
 * One league's group of the account's choices (ADR 46), headed by the league's name: its
 * mails and its calendar feeds, each form saved to that league's /preferences.
 */
export function LeaguePrefsPanel({ group, email }: { group: LeaguePrefs; email: string }) {
  const { league, mail, calendar, playing } = group;
  const action = leagueUrls(league).href("/preferences");
  return (
    <Panel title={league.name} titleId={`league-prefs-${league.id}`}>
      <div className="space-y-6">
        <MailOptInForm
          action={action}
          leagueName={league.name}
          enabled={mail.registrationOpens}
          cards={mail.cardsPublished}
          waitlist={mail.waitlist}
          email={email}
        />
        <div className="border-t border-line pt-4">
          <CalendarFeedSection action={action} urls={calendar} approved={playing} />
        </div>
      </div>
    </Panel>
  );
}
