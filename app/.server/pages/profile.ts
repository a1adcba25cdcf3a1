import type { Db } from "../db/client";
import type { Session } from "../auth/current-user";
import { hasScoringPin } from "../services/accounts/scoring-pin";
import { getMailPrefs } from "../services/accounts/mail-prefs";
import { ownClaim } from "../services/players/own-claim";
import { calendarUrls } from "../services/rounds/calendar";

/**
 * What /profile shows of the signed-in user: their claim, mail preferences, calendar feed
 * and whether they have a scoring PIN. Every read is asked at once: one trip after the
 * session's (ADR 41).
 */
export async function profilePage(db: Db, user: Session["user"], appUrl: string, requestUrl: string) {
  const [claim, mail, calendar, scoringPin] = await Promise.all([
    // Operators claim no player.
    user.isOperator ? null : ownClaim(db, user.id),
    getMailPrefs(db, user.id),
    calendarUrls(db, appUrl, requestUrl, user.id),
    // A player's PIN for live scoring (ADR 26); staff sign any card themselves.
    user.isOperator ? null : hasScoringPin(db, user.id),
  ]);
  return { user: { id: user.id, name: user.name, email: user.email, isOperator: user.isOperator }, claim, mail, calendar, scoringPin };
}
