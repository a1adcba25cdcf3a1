import { sql } from "drizzle-orm";
import { type Db, readTogether } from "../db/client";
import { nowSeconds } from "~/lib/shared/time";

// The league's admin home (/admin): the setup checklist, each step's state read from the
// league's rows in one statement (one round trip, ADR 41).

/** Each step of a new league's setup, done or not, as the league's rows show it. */
export type SetupState = {
  /** A course with a layout: a round can be played on it. */
  courses: boolean;
  /** The league's divisions chosen (league_settings.divisions set; null is the default list). */
  divisions: boolean;
  /**
   * The settings saved by an admin. No row in league_settings means the defaults (nothing
   * makes one when a league starts): the row exists once an admin saved the settings page
   * or PUT /api/admin/settings, even unchanged, so its presence is the signal.
   */
  settings: boolean;
  /** The league's own PayPal connected (optional: without it the league takes credit and cash). */
  paypal: boolean;
  /** A round exists, and whether one is open for registration. */
  round: boolean;
  roundOpen: boolean;
  /** A player joined (a `player` membership) or an invitation is pending. */
  players: boolean;
};

export async function setupState(db: Db, now = nowSeconds()): Promise<SetupState> {
  const league = db.leagueId;
  const [[row]] = await readTogether<[Record<keyof SetupState, number>]>(db, [
    sql`select
      exists (select 1 from layouts where league_id = ${league}) as courses,
      exists (select 1 from league_settings where league_id = ${league} and divisions is not null) as divisions,
      exists (select 1 from league_settings where league_id = ${league}) as settings,
      exists (select 1 from league_paypal where league_id = ${league} and connected_at is not null) as paypal,
      exists (select 1 from rounds where league_id = ${league}) as round,
      exists (select 1 from rounds where league_id = ${league} and open_for_registration = 1) as roundOpen,
      (exists (select 1 from memberships where league_id = ${league} and role = 'player')
        or exists (select 1 from league_invites where league_id = ${league} and accepted_at is null and expires_at > ${now})) as players`,
  ]);
  const flag = (key: keyof SetupState) => Boolean(row?.[key]);
  return {
    courses: flag("courses"),
    divisions: flag("divisions"),
    settings: flag("settings"),
    paypal: flag("paypal"),
    round: flag("round"),
    roundOpen: flag("roundOpen"),
    players: flag("players"),
  };
}
