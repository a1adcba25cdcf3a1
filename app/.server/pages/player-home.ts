import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { type Db, inLeague } from "../db/client";
import { entries, rounds } from "../db/schema";
import { type OwnClaim, ownClaim } from "../services/players/own-claim";
import { linkedPlayerSql } from "../services/players/claim-state";
import { getLeagueSettings } from "../services/settings/league-settings";
import { type PlayerNight, playerNight } from "../services/night/player-night";
import { type PlayerWaitlists, playerWaitlists } from "../services/waitlist/waitlist-view";
import { type PayPalBackOffer, paypalBackOffers } from "../services/rainouts/paypal-back-offers";

/** A round stays the player's "next" this long after its start: the evening it is played. */
export const NEXT_ROUND_GRACE_SECONDS = 6 * 3600;

/** The one thing to do about the next round: sign up, check in, or just look. */
export type NextRoundAction = "signUp" | "checkIn" | "view";

export type NextRound = {
  round: {
    id: number;
    name: string;
    startsAt: number;
    location: string;
    openForRegistration: boolean;
    /** Cancelled (ADR 50): the home says "Cancelled: {reason}" and offers no sign-up or check-in. */
    cancelledAt: number | null;
    cancelReason: string | null;
  };
  /** The player's entry, checked in or not, what it owes and their published card; null when not signed up. */
  night: PlayerNight | null;
  /** When the player may check in from (ADR 25: `checkInOpensMinutes` before the start). */
  checkInOpensAt: number;
  action: NextRoundAction;
};

/**
 * What the home page leads with for a signed-in user: their claim (its player's credit) and,
 * once approved, their next round, their waitlists and their cancelled rounds' PayPal payments
 * to ask back (ADR 50).
 */
export type PlayerHome = {
  claim: OwnClaim | null;
  next: NextRound | null;
  waitlist: PlayerWaitlists | null;
  paypalBack: PayPalBackOffer[];
};

/** Sign up while registration is open; check in from when check-in opens until the start; otherwise (or cancelled) look. */
export function nextRoundAction(next: Omit<NextRound, "action">, now: number): NextRoundAction {
  const { round, night } = next;
  if (round.cancelledAt !== null) return "view";
  if (!night) return round.openForRegistration && now < round.startsAt ? "signUp" : "view";
  const checkInTime = now >= next.checkInOpensAt && now < round.startsAt;
  return night.checkedInAt === null && checkInTime ? "checkIn" : "view";
}

/**
 * The user's claim and, once approved, their next round: the first one still to come (or
 * being played tonight) that they are entered in, else the league's first one still to
 * come, to sign up for; and their cancelled rounds' PayPal payments they may ask back (or did).
 *
 * One trip (ADR 41): everything is asked at once, keyed in SQL by the player the user's
 * approved claim links them to (the same claim ownClaim finds first) and by the next
 * round's id, so no read waits for another's answer. Without an approved claim those
 * reads find nothing and are dropped.
 */
export async function playerHome(db: Db, userId: number, now: number): Promise<PlayerHome> {
  const playerId = linkedPlayerSql(db, sql`${userId}`);
  const entered = sql<number>`exists (select 1 from ${entries} where ${and(eq(entries.leagueId, rounds.leagueId), eq(entries.roundId, rounds.id), eq(entries.playerId, playerId))})`;
  const soon = and(inLeague(db, rounds), gte(rounds.startsAt, now - NEXT_ROUND_GRACE_SECONDS));
  const order = [desc(entered), asc(rounds.startsAt), asc(rounds.id)];
  const nextRound = db
    .select({
      id: rounds.id,
      name: rounds.name,
      startsAt: rounds.startsAt,
      location: rounds.location,
      openForRegistration: rounds.openForRegistration,
      cancelledAt: rounds.cancelledAt,
      cancelReason: rounds.cancelReason,
    })
    .from(rounds)
    .where(soon)
    .orderBy(...order)
    .limit(1);
  // The same round's id, for the player's night in it.
  const nextRoundId = sql<number>`(${db
    .select({ id: rounds.id })
    .from(rounds)
    .where(soon)
    .orderBy(...order)
    .limit(1)})`;
  const [claim, waitlist, [round], night, settings, paypalBack] = await Promise.all([
    ownClaim(db, userId),
    playerWaitlists(db, playerId, now),
    nextRound,
    playerNight(db, nextRoundId, playerId),
    getLeagueSettings(db),
    paypalBackOffers(db, playerId, now),
  ]);
  if (claim?.status !== "approved") return { claim, next: null, waitlist: null, paypalBack: [] };
  if (!round) return { claim, next: null, waitlist, paypalBack };
  const next = { round, night, checkInOpensAt: round.startsAt - settings.checkInOpensMinutes * 60 };
  return { claim, next: { ...next, action: nextRoundAction(next, now) }, waitlist, paypalBack };
}
