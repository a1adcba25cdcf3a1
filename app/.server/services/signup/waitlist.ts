import { and, eq, sql } from "drizzle-orm";
import { type Db, inLeague, uniqueViolation } from "../../db/client";
import { entries, rounds, waitlist } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { approvedPlayerSql, ownClaim } from "../players/own-claim";
import { SIGNUP_MESSAGES, signUpWithCredit } from "./signup";
import { signUpReads } from "./signup-reads";
import { settled, settledValue } from "~/lib/shared/settled";
import { type FollowUp, MAIL_WAITLIST, settleWaitlistOf } from "../../follow-ups";
import { type Field, fieldOf, fieldQuery, readField } from "../waitlist/field";
import { settleWaitlist } from "../entries/waitlist-promote";
import { type WaitlistPlace, lapsedOfferQuery, openStatuses, placeOf, placeQuery } from "../waitlist/place";
import { placesLeft } from "~/lib/waitlist/field-places";
import { nowSeconds } from "~/lib/shared/time";

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

/** Joins the list: the place, and the news a settling before it left (ADR 44). */
export async function joinWaitlist(db: Db, req: JoinRequest, now = nowSeconds()): Promise<WaitlistPlace & { followUps: FollowUp[] }> {
  // Asked at once (ADR 41), checked in the order they always were.
  const [claim, [round], [entered], [lapsed], [fieldRow]] = await Promise.all([
    ownClaim(db, req.userId),
    db
      .select()
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, req.roundId))),
    db
      .select({ id: entries.id })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, req.roundId), sql`${entries.playerId} = ${approvedPlayerSql(db, req.userId)}`)),
    lapsedOfferQuery(db, req.roundId, now),
    fieldQuery(db, req.roundId),
  ]);
  if (claim?.status !== "approved") throw new AppError("forbidden", SIGNUP_MESSAGES.noClaim);
  const { playerId } = claim;
  if (!round) throw notFound("Round not found");
  if (!round.openForRegistration || round.cancelledAt !== null) throw conflict(SIGNUP_MESSAGES.closed);
  if (round.startsAt <= now) throw conflict(WAITLIST_MESSAGES.started);
  if (entered) throw conflict(SIGNUP_MESSAGES.entered);
  // Places freed and not yet passed on go to those already waiting before a newcomer is judged:
  // settled when the reads show something to settle (an offer lapsed, a place a waiting player fits).
  let field = fieldOf(fieldRow);
  const followUps: FollowUp[] = [];
  if (lapsed || hasPlaceForWaiting(field)) {
    followUps.push(...(await settleWaitlist(db, req.roundId, now)).followUps);
    field = await readField(db, req.roundId);
  }
  if (field && placesLeft(field.caps, field.taken, req.division) > 0) throw conflict(WAITLIST_MESSAGES.notFull);
  try {
    const [, [row]] = await db.batch([
      db.insert(waitlist).values({
        leagueId: db.leagueId,
        roundId: req.roundId,
        playerId,
        userId: req.userId,
        division: req.division,
        ace: req.ace,
        autoConfirm: req.autoConfirm,
      }),
      placeQuery(db, req.roundId, playerId),
    ]);
    const place = row ? placeOf(row, now) : null;
    if (!place) throw new Error("the waitlist insert left no place");
    return { ...place, followUps };
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(WAITLIST_MESSAGES.already);
    throw err;
  }
}

/** Whether settling would give a place now: a waiting player whose division has one. */
const hasPlaceForWaiting = (field: Field | null) => field?.queue.some((d) => placesLeft(field.caps, field.taken, d) > 0) ?? false;

/**
 * Leaves the list (a place on offer is declined and passes to the next player, after the
 * write: ADR 44). Its news is the list's notice of the leave.
 */
export async function leaveWaitlist(
  db: Db,
  userId: number,
  roundId: number,
  now = nowSeconds(),
): Promise<{ declinedOffer: boolean; followUps: FollowUp[] }> {
  // One trip (ADR 41): the claim beside a batch that leaves the list of the approved claim's
  // player (nothing without one: the 403 below) and then looks for a lapsed offer.
  const [claim, [[left], [lapsed]]] = await Promise.all([
    ownClaim(db, userId),
    db.batch([
      db
        .update(waitlist)
        .set({ status: "left", closedAt: now })
        .where(
          and(
            inLeague(db, waitlist),
            eq(waitlist.roundId, roundId),
            sql`${waitlist.playerId} = ${approvedPlayerSql(db, userId)}`,
            openStatuses,
          ),
        )
        .returning({ offerExpiresAt: waitlist.offerExpiresAt }),
      lapsedOfferQuery(db, roundId, now),
    ]),
  ]);
  if (claim?.status !== "approved") throw new AppError("forbidden", SIGNUP_MESSAGES.noClaim);
  if (!left) throw notFound(WAITLIST_MESSAGES.notOnList);
  const declinedOffer = left.offerExpiresAt !== null;
  // A place turned down passes on; any other leave still settles an offer that lapsed.
  const settle = declinedOffer || lapsed ? [settleWaitlistOf(roundId)] : [];
  return { declinedOffer, followUps: [...settle, MAIL_WAITLIST] };
}

/** Confirms the place offered to the user's player, paid wholly by their credit (the sign-up's own refusals otherwise). */
export async function confirmOffer(db: Db, userId: number, roundId: number, now = nowSeconds()) {
  // Asked at once (ADR 41), keyed by the approved claim's player; checked in the order they
  // always were. The sign-up's own reads go with them, their division the offer's (in SQL).
  const player = approvedPlayerSql(db, userId);
  const offeredDivision = sql`(select w.division from ${waitlist} w
    where w.league_id = ${db.leagueId} and w.round_id = ${roundId} and w.player_id = ${player} and w.status = 'offered')`;
  const signUp = { userId, playerId: null, roundId, creditRequestedCents: Number.MAX_SAFE_INTEGER };
  const reads = settled(signUpReads(db, { ...signUp, division: "", ace: false }, now, offeredDivision));
  const [claim, [row], [round], [entered]] = await Promise.all([
    ownClaim(db, userId),
    placeQuery(db, roundId, player),
    db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db
      .select({ id: entries.id })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.roundId, roundId), sql`${entries.playerId} = ${player}`)),
  ]);
  if (claim?.status !== "approved") throw new AppError("forbidden", SIGNUP_MESSAGES.noClaim);
  const { playerId } = claim;
  const place = row ? placeOf(row, now) : null;
  if (place?.status !== "offered") {
    if (!round) throw notFound("Round not found");
    // A confirm that raced another confirm of the same offer: the other one entered them.
    if (entered) throw conflict(SIGNUP_MESSAGES.entered);
    throw conflict(WAITLIST_MESSAGES.noOffer);
  }
  const req = { ...signUp, playerId, division: place.division, ace: place.ace };
  return signUpWithCredit(db, req, now, reads.then(settledValue));
}
