import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import type { Session } from "../../auth/current-user";
import type { Db } from "../../db/client";
import { getLeagueSettings } from "../settings/league-settings";
import { ANONYMOUS, type MoneyView, type Viewer, moneyViewFor } from "~/lib/money/money-visibility";

/** The viewer a session stands for: the league's staff (any role, ADR 47), or a user and the player of their approved claim. */
export function viewerOf(session: Session | null): Viewer {
  if (!session) return ANONYMOUS;
  const playerId = session.user.claimStatus === "approved" ? session.user.linkedPlayerId : null;
  return { signedIn: true, isAdmin: can(standingOf(session), "runNight"), playerId };
}

/**
 * What this request may see of the league's money under its setting. The setting and the
 * session are asked together, so both are one trip (ADR 41); the session counts only when
 * the setting asks who is looking. A page that shows money reads the `settings` tag with
 * it: a change of the setting purges its anonymous copy (ADR 11).
 */
export async function moneyView(db: Db, session: () => Session | null | Promise<Session | null>): Promise<MoneyView> {
  const [{ moneyVisibility }, viewer] = await Promise.all([getLeagueSettings(db), session()]);
  return moneyViewFor(moneyVisibility, moneyVisibility === "everyone" ? ANONYMOUS : viewerOf(viewer));
}
