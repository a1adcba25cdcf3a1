import type { Db } from "../db/client";
import type { Session } from "../auth/current-user";
import { type League, leagueOf } from "../league";
import { hasScoringPin } from "../services/accounts/scoring-pin";
import { type MailPrefs, NO_MAIL, accountPrefsRead, leaguePrefsRead } from "../services/accounts/mail-prefs";
import { messagePrefsView } from "../services/messages/prefs-edit";
import { ownClaim } from "../services/players/own-claim";
import { accountLeaguesRead } from "../services/players/league-member";
import { type CalendarUrls, calendarFeedUrls, feedOrigin } from "../services/rounds/calendar";
import { leagueUrls } from "~/lib/shared/league-url";

/** One league's group on /profile (and its own /preferences page): the account's mails and calendar feed there (ADR 46). */
export type LeaguePrefs = {
  league: Pick<League, "id" | "slug" | "name" | "isDefault">;
  mail: MailPrefs;
  calendar: CalendarUrls;
  /** An approved claim in the league: its personal feed has rounds to show. */
  playing: boolean;
};

type Vars = Parameters<typeof leagueOf>[1];

/**
 * Each league the account belongs to, with its choices there: the leagues and the account's
 * rows of every league, read in the caller's trip and put together here.
 */
async function leaguePrefsOf(db: Db, userId: number, vars: Vars, origin: string): Promise<LeaguePrefs[]> {
  const [rows, prefs] = await Promise.all([accountLeaguesRead(db, userId), accountPrefsRead(db, userId)]);
  const byLeague = new Map(prefs.map((p) => [p.leagueId, p]));
  return rows.map(({ playing, ...row }) => {
    const { id, slug, name, isDefault } = leagueOf(row, vars);
    const { leagueId: _, calendarToken, ...mail } = byLeague.get(id) ?? { leagueId: id, ...NO_MAIL, calendarToken: null };
    return {
      league: { id, slug, name, isDefault },
      mail,
      calendar: calendarFeedUrls(leagueUrls({ slug, isDefault }, origin), calendarToken),
      playing,
    };
  });
}

/**
 * What /profile shows of the signed-in user: their claim (in the request's league), their
 * mail preferences and calendar feed in each league they belong to, and whether they have a
 * scoring PIN. Every read is asked at once: one trip after the session's (ADR 41).
 */
export async function profilePage(db: Db, user: Session["user"], env: Vars & { APP_URL: string }, requestUrl: string) {
  const [claim, leagues, scoringPin] = await Promise.all([
    // Operators claim no player.
    user.isOperator ? null : ownClaim(db, user.id),
    leaguePrefsOf(db, user.id, env, feedOrigin(env.APP_URL, requestUrl)),
    // A player's PIN for live scoring (ADR 26); staff sign any card themselves.
    user.isOperator ? null : hasScoringPin(db, user.id),
  ]);
  return { user: { id: user.id, name: user.name, email: user.email, isOperator: user.isOperator }, claim, leagues, scoringPin };
}

/**
 * A league's /preferences page: the signed-in account's group of that league alone, and its
 * choice per kind of message there (ADR 49; `member: false`, none to make). One trip.
 */
export async function preferencesPage(db: Db, user: Session["user"], league: League, appUrl: string, requestUrl: string) {
  const [[row], messages] = await Promise.all([leaguePrefsRead(db, user.id), messagePrefsView(db, user.id)]);
  const { calendarToken, ...mail } = row ?? { ...NO_MAIL, calendarToken: null };
  const group: LeaguePrefs = {
    league: { id: league.id, slug: league.slug, name: league.name, isDefault: league.isDefault },
    mail,
    calendar: calendarFeedUrls(leagueUrls(league, feedOrigin(appUrl, requestUrl)), calendarToken),
    // The session's claim is the request's league's.
    playing: user.claimStatus === "approved",
  };
  return { user: { email: user.email }, group, messages };
}
