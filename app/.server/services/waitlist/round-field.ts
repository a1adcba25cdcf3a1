import { and, desc, eq } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { players, waitlist } from "../../db/schema";
import { type Field, readField } from "./field";
import { type WaitlistPlace, waitlistPlace } from "./place";
import type { ListRow } from "./waitlist-view";
import { capsCapped, capsOf, fullMessage, placesLine, settledField } from "~/lib/waitlist/field-places";
import { offerDeadline } from "~/lib/waitlist/hold-window";

// A round's field against its caps as pages show it (ADR 28): the round page's line and
// the player's place, and the admin round page's caps form with the list in order.

/** A round's field as its page shows it: "18 of 20 places", per capped division, and how many wait. */
export type FieldView = { line: string; capped: boolean; divisions: { division: string; line: string }[]; waiting: number };

export type RoundWaitlist = {
  field: FieldView;
  /**
   * For the signed-in player: their open place; when their last offer here lapsed, its
   * deadline (whether or not the expiry is written yet); and why their division has no
   * place now (null: it has one).
   */
  mine: { place: WaitlistPlace | null; lapsedAt: number | null; full: string | null } | null;
};

/**
 * The round page's part of the waitlist, read only (ADR 28: a read never settles). What
 * the rows say is shown as the settled list would: a lapsed offer reads as lapsed and holds
 * nothing, and a place it or a withdrawal freed counts as the next waiting player's. The
 * cron, or the next write to the round's entries or list, writes it so within a minute.
 */
export async function roundPageWaitlist(db: Db, roundId: number, playerId: number | null, now: number): Promise<RoundWaitlist | null> {
  // The player's part is asked beside the field: one trip (ADR 41).
  const [field, mine] = await Promise.all([readField(db, roundId), playerPart(db, roundId, playerId, now)]);
  if (!field) return null;
  const { caps, entered } = field;
  const settled = settledField(caps, field.taken, field.queue, field.open && offerDeadline(now, field.startsAt) !== null);
  const view: FieldView = {
    line: placesLine(entered.total, caps.total),
    capped: capsCapped(caps),
    divisions: Object.entries(caps.divisions).map(([division, cap]) => ({
      division,
      line: placesLine(entered.byDivision[division] ?? 0, cap),
    })),
    waiting: settled.waiting,
  };
  if (mine === null) return { field: view, mine: null };
  const [place, [player], [last]] = mine;
  const lapsed = last && (last.status === "expired" || (last.status === "offered" && (last.offerExpiresAt ?? 0) <= now));
  return {
    field: view,
    mine: {
      place,
      lapsedAt: lapsed ? last.offerExpiresAt : null,
      full: player ? fullMessage(caps, settled.taken, player.division) : null,
    },
  };
}

/** The player's open place on the round's waitlist, their division and their last place's state; null for no player. */
function playerPart(db: Db, roundId: number, playerId: number | null, now: number) {
  if (playerId === null) return null;
  return Promise.all([
    waitlistPlace(db, roundId, playerId, now),
    db
      .select({ division: players.division })
      .from(players)
      .where(and(inLeague(db, players), eq(players.id, playerId))),
    db
      .select({ status: waitlist.status, offerExpiresAt: waitlist.offerExpiresAt })
      .from(waitlist)
      .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), eq(waitlist.playerId, playerId)))
      .orderBy(desc(waitlist.id))
      .limit(1),
  ]);
}

/**
 * The admin round page's caps form inputs (the league's divisions and any capped one) and
 * the list in order, from reads its page model asks beside the round's.
 */
export function roundCapsView(
  round: { fieldCap: number | null; divisionCaps: string | null },
  leagueDivisions: readonly string[],
  list: ListRow[],
  field: Field | null,
) {
  const caps = capsOf(round.fieldCap, round.divisionCaps);
  const divisions = [...new Set([...leagueDivisions, ...Object.keys(caps.divisions)])];
  return {
    inputs: {
      total: caps.total === null ? "" : String(caps.total),
      divisions: divisions.map((division) => ({ division, places: String(caps.divisions[division] ?? "") })),
    },
    list,
    line: field ? `${placesLine(field.entered.total, caps.total)} · ${field.waiting} waiting` : "",
  };
}
