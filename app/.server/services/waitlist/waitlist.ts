import { and, eq, sql } from "drizzle-orm";
import { type Db, uniqueViolation } from "../../db/client";
import { entries, rounds, waitlist } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { ownClaim } from "../players/own-claim";
import { SIGNUP_MESSAGES, signUpWithCredit } from "../signup/signup";
import { readField } from "./field";
import { openStatuses, settleLapsed, settleWaitlist } from "./promote";
import { placesLeft } from "~/lib/field-places";
import { nowSeconds } from "~/lib/time";

// A player's own place on a round's waitlist (ADR 28): joining a full round or division,
// leaving at any time, and confirming a place offered to them by credit (PayPal confirms
// through the ordinary sign-up, which lets an offered player in).

export const WAITLIST_MESSAGES = {
  notFull: "There is a place for you in this round: sign up instead.",
  already: "You are already on this round's waitlist.",
  notOnList: "You are not on this round's waitlist.",
  noOffer: "You have no place on offer in this round: it may have lapsed or gone to the next player.",
  started: "This round has started: its waitlist is closed.",
} as const;

export type JoinRequest = { userId: number; roundId: number; division: string; ace: boolean; autoConfirm: boolean };

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

/** The signed-in user's approved player, or 403 as a sign-up refuses. */
async function claimedPlayer(db: Db, userId: number): Promise<number> {
  const claim = await ownClaim(db, userId);
  if (claim?.status !== "approved") throw new AppError("forbidden", SIGNUP_MESSAGES.noClaim);
  return claim.playerId;
}

export async function joinWaitlist(db: Db, req: JoinRequest, now = nowSeconds()): Promise<WaitlistPlace> {
  const playerId = await claimedPlayer(db, req.userId);
  const [round] = await db.select().from(rounds).where(eq(rounds.id, req.roundId));
  if (!round) throw notFound("Round not found");
  if (!round.openForRegistration) throw conflict(SIGNUP_MESSAGES.closed);
  if (round.startsAt <= now) throw conflict(WAITLIST_MESSAGES.started);
  const [entered] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.roundId, req.roundId), eq(entries.playerId, playerId)));
  if (entered) throw conflict(SIGNUP_MESSAGES.entered);
  // Places freed and not yet passed on go to those already waiting before a newcomer is judged.
  await settleWaitlist(db, req.roundId, now);
  const field = await readField(db, req.roundId);
  if (field && placesLeft(field.caps, field.taken, req.division) > 0) throw conflict(WAITLIST_MESSAGES.notFull);
  try {
    await db.insert(waitlist).values({
      roundId: req.roundId,
      playerId,
      userId: req.userId,
      division: req.division,
      ace: req.ace,
      autoConfirm: req.autoConfirm,
    });
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(WAITLIST_MESSAGES.already);
    throw err;
  }
  const place = await waitlistPlace(db, req.roundId, playerId);
  if (!place) throw new Error("the waitlist insert left no place");
  return place;
}

/** Leaves the list (a place on offer is declined and passes to the next player). */
export async function leaveWaitlist(db: Db, userId: number, roundId: number, now = nowSeconds()): Promise<{ declinedOffer: boolean }> {
  const playerId = await claimedPlayer(db, userId);
  const [left] = await db
    .update(waitlist)
    .set({ status: "left", closedAt: now })
    .where(and(eq(waitlist.roundId, roundId), eq(waitlist.playerId, playerId), openStatuses))
    .returning({ offerExpiresAt: waitlist.offerExpiresAt });
  if (!left) throw notFound(WAITLIST_MESSAGES.notOnList);
  const declinedOffer = left.offerExpiresAt !== null;
  // A place turned down passes on; any other leave still settles an offer that lapsed.
  if (declinedOffer) await settleWaitlist(db, roundId, now);
  else await settleLapsed(db, roundId, now);
  return { declinedOffer };
}

/** Confirms the place offered to the user's player, paid wholly by their credit (the sign-up's own refusals otherwise). */
export async function confirmOffer(db: Db, userId: number, roundId: number, now = nowSeconds()) {
  const playerId = await claimedPlayer(db, userId);
  const place = await waitlistPlace(db, roundId, playerId, now);
  if (place?.status !== "offered") {
    const [round] = await db.select({ id: rounds.id }).from(rounds).where(eq(rounds.id, roundId));
    if (!round) throw notFound("Round not found");
    const [entered] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.roundId, roundId), eq(entries.playerId, playerId)));
    // A confirm that raced another confirm of the same offer: the other one entered them.
    if (entered) throw conflict(SIGNUP_MESSAGES.entered);
    throw conflict(WAITLIST_MESSAGES.noOffer);
  }
  return signUpWithCredit(db, {
    userId,
    playerId,
    roundId,
    division: place.division,
    ace: place.ace,
    creditRequestedCents: Number.MAX_SAFE_INTEGER,
  });
}

/** A player's open place on a round's list, with their position; an offer past its deadline counts as gone. */
export async function waitlistPlace(db: Db, roundId: number, playerId: number, now = nowSeconds()): Promise<WaitlistPlace | null> {
  const [row] = await db
    .select({
      id: waitlist.id,
      roundId: waitlist.roundId,
      status: waitlist.status,
      division: waitlist.division,
      ace: waitlist.ace,
      autoConfirm: waitlist.autoConfirm,
      offerExpiresAt: waitlist.offerExpiresAt,
      ahead: sql<number>`(select count(*) from ${waitlist} o where o.round_id = ${roundId} and o.status = 'waiting' and o.id < ${waitlist}.id)`,
    })
    .from(waitlist)
    .where(and(eq(waitlist.roundId, roundId), eq(waitlist.playerId, playerId), openStatuses));
  return row ? placeOf(row, now) : null;
}

type PlaceRow = Omit<WaitlistPlace, "position" | "status"> & { status: string; ahead: number };

export function placeOf(row: PlaceRow, now: number): WaitlistPlace | null {
  const { ahead, ...rest } = row;
  if (row.status === "offered") return (row.offerExpiresAt ?? 0) > now ? { ...rest, status: "offered", position: null } : null;
  if (row.status !== "waiting") return null;
  return { ...rest, status: "waiting", position: Number(ahead) + 1 };
}
