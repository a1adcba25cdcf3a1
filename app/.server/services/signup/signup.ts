import { and, eq, sql } from "drizzle-orm";
import { type Db, checkFailed, inLeague, uniqueViolation } from "../../db/client";
import { players } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import { balanceCentsSql } from "../players/balance-sql";
import { commitRoundChange } from "../entries/participants";
import { creditSignUpChange } from "../entries/credit-change";
import { type SignUpQuote, quoteSignUp } from "~/lib/signup/pricing";
import { fullName } from "~/lib/players/player-name";
import { fullRefusal } from "../waitlist/field";
import { checkPotsForSignUp } from "../sidepots/signup-pots";
import { settleLapsedNow } from "../entries/waitlist-promote";
import { type SignUpReads, roomAndState, signUpReads } from "./signup-reads";
import { type Settled, settledValue as stateOf } from "~/lib/shared/settled";
import type { RoundState } from "../entries/participants";
import { withEntryRow } from "../entries/entry-row";
import type { EntryRow } from "../entries/entries";
import { registrationClosedGuard } from "../rounds/registration";
import { nowSeconds } from "~/lib/shared/time";
import type { FollowUp } from "../../follow-ups";

// A player signing up for a round. The server
// computes every amount from the round, the opt-in and the player's balance; what the
// browser sent as amounts is never trusted.

export const SIGNUP_MESSAGES = {
  closed: "Registration is closed for this round.",
  entered: "You are signed up for this round.",
  notYours: "You can only sign up the player your account has claimed.",
  noClaim: "Claim your player record first; an admin approves it before you can sign up.",
  notCovered: "Your credit does not cover the whole entry: pay the rest with PayPal.",
} as const;

export type SignUpRequest = {
  userId: number;
  /** The player to sign up; null means the player the user has claimed. */
  playerId: number | null;
  roundId: number;
  division: string;
  ace: boolean;
  /** The round's side pots bought into with the entry (ADR 30); none when left out. */
  sidePotIds?: number[];
  creditRequestedCents: number;
};

/**
 * Who is signing up and what it costs: refused (403/404/409) unless the user may sign this
 * player up now: registration open and the round's start still to come (ADR 39).
 */
export async function planSignUp(
  db: Db,
  req: SignUpRequest,
  now = nowSeconds(),
  reads: Promise<SignUpReads> = signUpReads(db, req, now),
): Promise<{
  quote: SignUpQuote;
  potIds: number[];
  round: { id: number; name: string };
  player: { id: number; name: string; balanceCents: number };
  /** The round's state read with the rest: the credit sign-up plans its batch from it. */
  state: Settled<RoundState>;
  /** A lapsed offer's settling leaves the waitlist's news for after the write (ADR 44). */
  followUps: FollowUp[];
}> {
  const read = await reads;
  const { claim, round } = read;
  if (claim?.status !== "approved") throw new AppError("forbidden", SIGNUP_MESSAGES.noClaim);
  if (req.playerId !== null && claim.playerId !== req.playerId) throw new AppError("forbidden", SIGNUP_MESSAGES.notYours);
  if (!round) throw notFound("Round not found");
  if (!round.openForRegistration || round.cancelledAt !== null || round.startsAt <= now) throw conflict(SIGNUP_MESSAGES.closed);
  if (stateOf(read.state).entries.some((e) => e.playerId === claim.playerId)) throw conflict(SIGNUP_MESSAGES.entered);
  // A capped round (ADR 28): a free place, or the one offered to this player. An offer
  // lapsed and not yet passed on goes to the next on the list first, not to whoever signs up;
  // settling writes, so what depends on the list is read again after it.
  let { full, state } = read;
  const followUps: FollowUp[] = [];
  if (read.lapsed) {
    followUps.push(...(await settleLapsedNow(db, round.id, now)));
    const [[room], again] = await roomAndState(db, req);
    [full, state] = [Boolean(room?.full), again];
  }
  if (full) throw await fullRefusal(db, round.id, req.division);
  const pots = checkPotsForSignUp(req.sidePotIds ?? [], read.pots);
  const quote = quoteSignUp({
    round,
    aceOptIn: req.ace,
    sidePotsCents: pots.reduce((sum, p) => sum + p.buyInCents, 0),
    balanceCents: claim.balanceCents,
    creditRequestedCents: req.creditRequestedCents,
  });
  return {
    quote,
    potIds: pots.map((p) => p.id),
    round: { id: round.id, name: round.name },
    player: { id: claim.playerId, name: fullName(claim), balanceCents: claim.balanceCents },
    state,
    followUps,
  };
}

/**
 * Sign-up paid wholly by league credit: the entry, the credit it uses and a payment of
 * method credit, in one batch with the round's payouts; the balance guard and the unique
 * entry index make twenty identical requests end in one entry. The batch refuses itself
 * when registration closed after the request read the round, or its start passed (ADR 39).
 * `now`: the request's clock, for the checks made before the batch.
 */
export async function signUpWithCredit(
  db: Db,
  req: SignUpRequest,
  now = nowSeconds(),
  reads?: Promise<SignUpReads>,
): Promise<{ entryId: number; entry: EntryRow; quote: SignUpQuote; followUps: FollowUp[] }> {
  const { quote, player, potIds, state, followUps: settled } = await planSignUp(db, req, now, reads);
  if (!quote.paidByCredit) throw badRequest(SIGNUP_MESSAGES.notCovered);
  try {
    const { value: entry, followUps } = await commitRoundChange(
      db,
      req.roundId,
      (state) => {
        if (state.entries.some((e) => e.playerId === player.id)) throw conflict(SIGNUP_MESSAGES.entered);
        return withEntryRow(
          db,
          req.roundId,
          player.id,
          creditSignUpChange(db, state, { ...req, player, quote, potIds }, [registrationClosedGuard(db, req.roundId)]),
        );
      },
      stateOf(state),
    );
    return { entryId: entry.id, entry, quote, followUps: [...settled, ...followUps] };
  } catch (err) {
    if (uniqueViolation(err)) throw conflict(SIGNUP_MESSAGES.entered);
    if (checkFailed(err, "registration_closed")) throw conflict(SIGNUP_MESSAGES.closed);
    throw err;
  }
}

type FactsRow = { division: string; balance: number; entered: number };

/** signUpFacts' query, unrun, so the round page's batch can carry it (round-page.ts). */
export const signUpFactsQuery = (db: Db, playerId: number, roundId: number) =>
  db
    .select({
      division: players.division,
      balance: balanceCentsSql(playerId),
      entered: sql<number>`exists (select 1 from entries e where e.league_id = ${db.leagueId} and e.round_id = ${roundId} and e.player_id = ${playerId})`,
    })
    .from(players)
    .where(and(inLeague(db, players), eq(players.id, playerId)));

export const signUpFactsOf = (playerId: number, row: FactsRow | undefined) =>
  row ? { playerId, division: row.division, balanceCents: Number(row.balance), entered: Boolean(row.entered) } : null;

/** What the round page's sign-up needs of the logged-in player: their division, credit, and whether they are in. */
export async function signUpFacts(db: Db, playerId: number, roundId: number) {
  const [row] = await signUpFactsQuery(db, playerId, roundId);
  return signUpFactsOf(playerId, row);
}
