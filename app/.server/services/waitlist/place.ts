import { type SQL, and, eq, inArray, lte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { waitlist } from "../../db/schema";
import { nowSeconds } from "~/lib/shared/time";

// A player's place on a round's waitlist as the list's reads see it (ADR 28): waiting with
// a position, or offered until the offer's deadline.

export const openStatuses = inArray(waitlist.status, ["waiting", "offered"]);

export type WaitlistPlace = {
  id: number;
  roundId: number;
  status: "waiting" | "offered";
  division: string;
  ace: boolean;
  autoConfirm: boolean;
  /** 1 for the first waiting player; null while a place is on offer. */
  position: number | null;
  offerExpiresAt: number | null;
};

/** A player's open place on a round's list, with their position; an offer past its deadline counts as gone. */
export async function waitlistPlace(db: Db, roundId: number, playerId: number, now = nowSeconds()): Promise<WaitlistPlace | null> {
  const [row] = await placeQuery(db, roundId, playerId);
  return row ? placeOf(row, now) : null;
}

/** waitlistPlace's read, unrun: a batch can carry it. */
export const placeQuery = (db: Db, roundId: number, playerId: number | SQL) =>
  db
    .select({
      id: waitlist.id,
      roundId: waitlist.roundId,
      status: waitlist.status,
      division: waitlist.division,
      ace: waitlist.ace,
      autoConfirm: waitlist.autoConfirm,
      offerExpiresAt: waitlist.offerExpiresAt,
      ahead: sql<number>`(select count(*) from ${waitlist} o where o.league_id = ${db.leagueId} and o.round_id = ${roundId} and o.status = 'waiting'
        and o.id < ${waitlist}.id)`,
    })
    .from(waitlist)
    .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), sql`${waitlist.playerId} = ${playerId}`, openStatuses));

export type PlaceRow = Omit<WaitlistPlace, "position" | "status"> & { status: string; ahead: number };

export function placeOf(row: PlaceRow, now: number): WaitlistPlace | null {
  const { ahead, ...rest } = row;
  if (row.status === "offered") return (row.offerExpiresAt ?? 0) > now ? { ...rest, status: "offered", position: null } : null;
  if (row.status !== "waiting") return null;
  return { ...rest, status: "waiting", position: Number(ahead) + 1 };
}

/**
 * Whether an offer of the round has lapsed and is not yet passed on, unrun, so a write that
 * takes a place or changes the list asks it beside its other reads (ADR 41) and, when it
 * finds one, settles first (settleLapsedNow): the place goes to the next on the list rather
 * than to whoever writes first.
 */
export const lapsedOfferQuery = (db: Db, roundId: number, now: number) =>
  db
    .select({ id: waitlist.id })
    .from(waitlist)
    .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), eq(waitlist.status, "offered"), lte(waitlist.offerExpiresAt, now)))
    .limit(1);
