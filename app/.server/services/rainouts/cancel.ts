import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, checkFailed, dbNow, inLeague, readTogether } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, payments, roundCancellations, rounds, transfers, waitlist } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { type Committed, notify, rerate, syncTagsFrom } from "../../follow-ups";
import { type PotChange, potGuards } from "../money/ace-pot";
import { potRefusal } from "../money/ace-pot-refusal";
import { PAYMENTS, leftCentsSql } from "../money/money-sql";
import { cancelledNotice } from "../messages/round-notices";
import { acesPrintSql, moneyPrintSql, rainoutAudit } from "./rainout-sql";
import { notCancelledGuard } from "../rounds/round-write";
import { CANCEL_MESSAGES } from "~/lib/rainouts/messages";

// Cancelling a round (ADR 50): in ONE batch, everything paid for it comes back to its players
// as league credit — the credit each entry used (a transfer from the league naming the round),
// and what is left of each PayPal or cash payment of an entered player (a transfer naming the
// payment as well, as a withdrawal's give-back does) — the round is marked cancelled, which
// voids its cards and live scores and takes its ace fees (and, unless they stand, its aces)
// out of the pot, and the waitlist's offers let go of their places. Nothing of the round is
// deleted, so a restore can take back exactly what the cancel gave.

export type CancelInput = { reason: string; acesStand: boolean; userId: number | null };

export type Given = { playerId: number; creditCents: number; paymentCents: number };

export type Cancelled = { roundId: number; roundName: string; reason: string; given: Given[]; totalCents: number };

type Facts = {
  id: number;
  name: string;
  startsAt: number;
  aceCents: number;
  cancelledAt: number | null;
  optedIn: number;
  credited: number;
};

/** Whether the round's payouts or side pots were credited: then it cannot be cancelled. Read before, and guarded in the batch. */
const creditedSql = (
  db: Db,
  roundId: number,
) => sql`(exists (select 1 from ${entries} e where e.league_id = ${db.leagueId} and e.round_id = ${roundId}
    and (e.credit_added_cents <> 0 or e.credited_for_cents is not null))
  or exists (select 1 from side_pots s where s.league_id = ${db.leagueId} and s.round_id = ${roundId} and s.settled_at is not null))`;

async function facts(db: Db, roundId: number) {
  const [[round], aces] = await readTogether<[Facts, { at: number; cents: number }]>(db, [
    sql`select r.id, r.n as name, r.d as startsAt, r.ace_cents as aceCents, r.cancelled_at as cancelledAt,
        coalesce((select ace_entries from round_stats where round_id = r.id), 0) as optedIn,
        ${creditedSql(db, roundId)} as credited
      from rounds r where r.league_id = ${db.leagueId} and r.id = ${roundId}`,
    sql`select d as at, amt_cents as cents from aces where league_id = ${db.leagueId} and round_id = ${roundId}`,
  ]);
  return { round: round as Facts | undefined, aces };
}

/** What the round's cancel does to the ace pot: its fees leave at its start, its aces (unless they stand) come back at theirs. */
export function cancelPotChanges(round: Facts, aces: readonly { at: number; cents: number }[], acesStand: boolean): PotChange[] {
  const fees = round.optedIn * round.aceCents;
  return [
    ...(fees > 0 ? [{ t: round.startsAt, cents: -fees, kind: "fees" as const }] : []),
    ...(acesStand ? [] : aces.map((a) => ({ t: Number(a.at), cents: Number(a.cents), kind: "ace" as const }))),
  ];
}

/** The rule that refuses a cancel, read from the round as it is: none when it may be cancelled. */
function refusalOf(round: Facts | undefined): Error | null {
  if (!round) return notFound("Round not found");
  if (round.cancelledAt !== null) return conflict(CANCEL_MESSAGES.already(round.name));
  if (Number(round.credited) > 0) return conflict(CANCEL_MESSAGES.credited(round.name));
  return null;
}

/**
 * Cancels the round, giving back everything paid for it as credit, for the reason given
 * (shown on its pages: "Cancelled: weather"). Refused when it is already cancelled (twenty
 * cancels at once cancel once), when its payouts or side pots were credited (take them back
 * first), or when its fees leaving the ace pot would take the pot below zero at any moment
 * (an ace paid from them). Its players and waitlist are told (ADR 49).
 */
export async function cancelRound(db: Db, roundId: number, input: CancelInput): Promise<Committed<Cancelled>> {
  const reason = input.reason.trim();
  for (let attempt = 0; attempt < 3; attempt++) {
    const { round, aces } = await facts(db, roundId);
    const refused = refusalOf(round);
    if (refused || !round) throw refused;
    const changes = cancelPotChanges(round, aces, input.acesStand);
    const left = leftCentsSql(PAYMENTS);
    const creditBack = rowOf(db.leagueId, transfers, {
      date: dbNow,
      toPlayerId: entries.playerId,
      amountCents: entries.creditUsedCents,
      description: sql`${CANCEL_MESSAGES.creditBack(round.name, reason)}`,
      cancelRoundId: sql`${roundId}`,
    });
    const paymentBack = rowOf(db.leagueId, transfers, {
      date: dbNow,
      toPlayerId: payments.playerId,
      amountCents: left,
      description: sql`${CANCEL_MESSAGES.paymentBack(round.name, reason)}`,
      paymentId: payments.id,
      cancelRoundId: sql`${roundId}`,
    });
    try {
      const [, , , credits, paid] = await db.batch([
        notCancelledGuard(db, roundId),
        // Payouts credited or a side pot settled since the read: decided again.
        writeGuard(db, "roundChanged", creditedSql(db, roundId)),
        db
          .update(rounds)
          .set({
            cancelledAt: dbNow,
            cancelReason: reason,
            cancelAcesStand: input.acesStand,
            // A card editor open on the round must reload: its cards are void now.
            cardsVersion: sql`${rounds.cardsVersion} + 1`,
          })
          .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
        db
          .insert(transfers)
          .select(
            db
              .select(creditBack)
              .from(entries)
              .where(and(inLeague(db, entries), eq(entries.roundId, roundId), sql`${entries.creditUsedCents} > 0`)),
          )
          .returning({ playerId: transfers.toPlayerId, cents: transfers.amountCents }),
        db
          .insert(transfers)
          .select(
            db
              .select(paymentBack)
              .from(payments)
              .where(
                and(
                  inLeague(db, payments),
                  eq(payments.roundId, roundId),
                  inArray(payments.method, ["paypal", "cash"]),
                  eq(payments.status, "completed"),
                  sql`${left} > 0`,
                  sql`exists (select 1 from entries e where e.league_id = ${PAYMENTS.leagueId} and e.round_id = ${PAYMENTS.roundId} and e.player_id = ${PAYMENTS.playerId})`,
                  sql`not exists (select 1 from ${transfers} t where t.league_id = ${PAYMENTS.leagueId} and t.payment_id = ${PAYMENTS.id})`,
                ),
              ),
          )
          .onConflictDoNothing()
          .returning({ playerId: transfers.toPlayerId, cents: transfers.amountCents }),
        // The offers let go of the places they held; the players keep their place in line.
        db
          .update(waitlist)
          .set({ status: "waiting", offeredAt: null, offerExpiresAt: null })
          .where(and(inLeague(db, waitlist), eq(waitlist.roundId, roundId), eq(waitlist.status, "offered"))),
        db.insert(roundCancellations).values({
          roundId,
          leagueId: db.leagueId,
          at: dbNow,
          moneyPrint: moneyPrintSql(db, roundId),
          acesPrint: acesPrintSql(db),
          byUserId: input.userId,
        }),
        rainoutAudit(db, roundId, "cancelled", { reason, acesStand: input.acesStand }),
        ...potGuards(db, changes),
      ]);
      const given = givenOf(credits as GivenRow[], paid as GivenRow[]);
      const totalCents = given.reduce((s, g) => s + g.creditCents + g.paymentCents, 0);
      return {
        value: { roundId, roundName: round.name, reason, given, totalCents },
        // Ratings and bag tags are played again without it; its players and waitlist are told.
        followUps: [rerate(round.startsAt), syncTagsFrom(round.startsAt), notify(cancelledNotice(roundId, reason))],
      };
    } catch (err) {
      if (checkFailed(err, "round_changed") || checkFailed(err, "round_cancelled")) continue;
      if (checkFailed(err, "pot_negative")) throw conflict(CANCEL_MESSAGES.pot(await potRefusal(db, changes, "change")));
      throw err;
    }
  }
  throw conflict(CANCEL_MESSAGES.busy);
}

type GivenRow = { playerId: number | null; cents: number };

function givenOf(credits: GivenRow[], paid: GivenRow[]): Given[] {
  const by = new Map<number, Given>();
  const at = (playerId: number) => by.get(playerId) ?? by.set(playerId, { playerId, creditCents: 0, paymentCents: 0 }).get(playerId);
  for (const c of credits) if (c.playerId !== null) (at(c.playerId) as Given).creditCents += Number(c.cents);
  for (const p of paid) if (p.playerId !== null) (at(p.playerId) as Given).paymentCents += Number(p.cents);
  return [...by.values()];
}
