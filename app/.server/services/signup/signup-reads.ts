import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { ownClaim } from "../players/own-claim";
import { readRoundState } from "../entries/participants";
import { potsForSignUpQuery } from "../sidepots/signup-pots";
import { noRoomQuery } from "../waitlist/field";
import { lapsedOfferQuery } from "../waitlist/place";
import type { SignUpRequest } from "./signup";
import { settled } from "~/lib/shared/settled";

// Everything a sign-up plans from, asked at once (ADR 41): one round trip, whatever the
// answer. The checks are made after, in the order a user has always seen them, so a
// refusal's status and message do not depend on which read came back first; a read that
// fails (the round's state of a round that does not exist) is kept, not thrown, until its
// check is reached.

/** The player a request names, as SQL: the one given, else the user's claim in this league (ownClaim's choice). */
const playerOf = (db: Db, req: SignUpRequest) =>
  req.playerId ??
  sql`(select c.player_id from claims c where c.league_id = ${db.leagueId} and c.user_id = ${req.userId} and c.status <> 'withdrawn'
    order by c.status = 'approved' desc, c.updated_at desc, c.id desc limit 1)`;

/** The reads that depend on the waitlist: asked again after a lapsed offer is settled. */
export const roomAndState = (db: Db, req: SignUpRequest, division: string | SQL = req.division) =>
  Promise.all([noRoomQuery(db, req.roundId, division, playerOf(db, req)), settled(readRoundState(db, req.roundId))]);

export type SignUpReads = Awaited<ReturnType<typeof signUpReads>>;

/**
 * `division`: the division as SQL, for a caller that asks these beside the read that says
 * it (a waitlist offer's confirm: the offer's division, ../waitlist/waitlist.ts).
 */
export async function signUpReads(db: Db, req: SignUpRequest, now: number, division: string | SQL = req.division) {
  const [claim, [round], [lapsed], pots, [[room], state]] = await Promise.all([
    ownClaim(db, req.userId),
    db
      .select()
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, req.roundId))),
    lapsedOfferQuery(db, req.roundId, now),
    potsForSignUpQuery(db, req.roundId, req.sidePotIds ?? []),
    roomAndState(db, req, division),
  ]);
  return { claim, round, lapsed: Boolean(lapsed), pots, full: Boolean(room?.full), state };
}
