import { standingOf } from "~/.server/auth/current-user";
import { can } from "~/lib/accounts/roles";
import type { Session } from "../auth/current-user";
import type { Db } from "../db/client";
import { roundTeams } from "../services/doubles/teams";
import { liveStateOf } from "../services/live/live-object";
import { roundPlayersWithPin } from "../services/live/live-roster";
import { scorerOf } from "../services/live/live-viewer";
import { roundPots } from "../services/sidepots/pot-view";

const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

/**
 * What the score page reads, as few trips as it can (ADR 41): the round's pots, its teams
 * and who of its players has a PIN are asked at once with who is scoring. An admin's view
 * of the live round needs nothing from D1, so the round's object is asked in the same trip.
 * A player's view is made from the published cards they are on, which D1 says: the object
 * is asked after that read, a second trip, beside the accounts of the players who may have a
 * PIN (the accounts are read after the claims that name them, ADR 46). An admin confirms
 * every total without a PIN, so their page asks for none. Each answer is awaited in the order the page
 * checks them, so the first refusal the user sees is the one they saw before.
 */
export function scorePageReads(db: Db, env: Env, session: Session, id: number) {
  const viewer = scorerOf(db, session, id);
  const staff = can(standingOf(session), "runNight");
  const state = staff
    ? liveStateOf(env, db.leagueId, id, "admin")
    : viewer.then((v) =>
        liveStateOf(env, db.leagueId, id, v.role === "admin" ? "admin" : { cardIds: v.cardIds }, v.role === "admin" ? undefined : true),
      );
  const rest = Promise.all([roundPots(db, id), roundTeams(db, id), staff ? [] : roundPlayersWithPin(db, id)]);
  for (const p of [viewer, state, rest]) quiet(p);
  return { viewer, state, rest };
}
