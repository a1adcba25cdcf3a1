import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { players } from "../../db/schema";
import { getLeagueSettings } from "../standings/league-settings";
import { readField } from "./field";
import { settleAfter } from "./promote";
import { type WaitlistPlace, waitlistPlace } from "./waitlist";
import { roundWaitlist } from "./waitlist-view";
import { capsCapped, capsOf, fullMessage, placesLine } from "~/lib/field-places";

// A round's field against its caps as pages show it (ADR 28): the round page's line and
// the player's place, and the admin round page's caps form with the list in order.

/** A round's field as its page shows it: "18 of 20 places", per capped division, and how many wait. */
export type FieldView = { line: string; capped: boolean; divisions: { division: string; line: string }[]; waiting: number };

export type RoundWaitlist = {
  field: FieldView;
  /** For the signed-in player: their open place, and why their division has no place now (null: it has one). */
  mine: { place: WaitlistPlace | null; full: string | null } | null;
};

/**
 * The round page's part of the waitlist. A lapsed offer found here is passed on first (the
 * lazy half of expiry, ADR 28: the cron does it within a minute anyway).
 */
export async function roundPageWaitlist(db: Db, roundId: number, playerId: number | null, now: number): Promise<RoundWaitlist | null> {
  // The player's part is asked beside the field, one trip (ADR 41); read again after a settle.
  const early = playerPart(db, roundId, playerId, now);
  early?.catch(() => undefined);
  let field = await readField(db, roundId);
  const settled = Boolean(field?.lapsed);
  if (field?.lapsed) {
    await settleAfter(db, roundId);
    field = await readField(db, roundId);
  }
  if (!field) return null;
  const { caps, entered } = field;
  const view: FieldView = {
    line: placesLine(entered.total, caps.total),
    capped: capsCapped(caps),
    divisions: Object.entries(caps.divisions).map(([division, cap]) => ({
      division,
      line: placesLine(entered.byDivision[division] ?? 0, cap),
    })),
    waiting: field.waiting,
  };
  const mine = settled ? playerPart(db, roundId, playerId, now) : early;
  if (mine === null) return { field: view, mine: null };
  const [place, [player]] = await mine;
  return { field: view, mine: { place, full: player ? fullMessage(caps, field.taken, player.division) : null } };
}

/** The player's open place on the round's waitlist and their division; null for no player. */
function playerPart(db: Db, roundId: number, playerId: number | null, now: number) {
  if (playerId === null) return null;
  return Promise.all([
    waitlistPlace(db, roundId, playerId, now),
    db.select({ division: players.division }).from(players).where(eq(players.id, playerId)),
  ]);
}

/** The admin round page's caps form inputs (the league's divisions and any capped one) and the list in order. */
export async function roundCaps(db: Db, round: { id: number; fieldCap: number | null; divisionCaps: string | null }, now: number) {
  const caps = capsOf(round.fieldCap, round.divisionCaps);
  const [settings, list, field] = await Promise.all([getLeagueSettings(db), roundWaitlist(db, round.id, now), readField(db, round.id)]);
  const divisions = [...new Set([...settings.divisions, ...Object.keys(caps.divisions)])];
  return {
    inputs: {
      total: caps.total === null ? "" : String(caps.total),
      divisions: divisions.map((division) => ({ division, places: String(caps.divisions[division] ?? "") })),
    },
    list,
    line: field ? `${placesLine(field.entered.total, caps.total)} · ${field.waiting} waiting` : "",
  };
}
