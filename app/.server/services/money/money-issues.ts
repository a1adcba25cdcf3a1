import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, checkFailed, dbNow, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { payments, players, rounds, transfers } from "../../db/schema";
import { writeGuard } from "../../db/write-guard";
import { conflict, notFound } from "../../errors";
import { balanceCentsSql } from "../players/balance-sql";
import { PAYMENTS, excessBackCentsSql, leftCentsSql, refundedCentsSql } from "./money-sql";
import { overdrawnMessage } from "./in-round";
import { formatCents } from "~/lib/shared/money";
import { fullNameSql } from "../../db/player-name";

// The admin's fixes for money the books check flags (ADR 22), from the round's entries
// screen: money received with no entry standing is given back as credit; credit given back
// for a payment PayPal then refunded as well is taken back.

const refunded = refundedCentsSql(PAYMENTS);

async function paymentOf(db: Db, paymentId: number, inRound?: number) {
  const [p] = await db
    .select({
      id: payments.id,
      roundId: payments.roundId,
      roundName: rounds.name,
      playerId: payments.playerId,
      name: fullNameSql(players),
      amountCents: payments.amountCents,
      refundedCents: refunded.mapWith(Number),
      givenBack: transfers.amountCents,
      excessBack: excessBackCentsSql(PAYMENTS.id).mapWith(Number),
      entered: sql<number>`exists (select 1 from entries e where e.league_id = ${PAYMENTS.leagueId} and e.round_id = ${PAYMENTS.roundId} and e.player_id = ${PAYMENTS.playerId})`,
    })
    .from(payments)
    .innerJoin(rounds, eq(rounds.id, payments.roundId))
    .innerJoin(players, eq(players.id, payments.playerId))
    .leftJoin(transfers, and(eq(transfers.leagueId, payments.leagueId), eq(transfers.paymentId, payments.id)))
    .where(and(inLeague(db, payments), eq(payments.id, paymentId), inArray(payments.method, ["paypal", "cash"])));
  if (!p || (inRound !== undefined && p.roundId !== inRound)) throw notFound("Payment not found");
  return p;
}

/**
 * Gives back as credit a payment that no standing entry accounts for (the player was never
 * entered, or the entry was removed before withdrawals gave money back). Written only while
 * still true: no entry of that round and player, money left, not given back already.
 */
export async function giveBackPayment(db: Db, paymentId: number, inRound?: number): Promise<string> {
  const p = await paymentOf(db, paymentId, inRound);
  const left = leftCentsSql(PAYMENTS);
  const row = rowOf(db.leagueId, transfers, {
    date: dbNow,
    toPlayerId: payments.playerId,
    amountCents: left,
    description: sql`${`Paid for ${p.roundName} with no entry: back as credit`}`,
    paymentId: payments.id,
  });
  const given = await db
    .insert(transfers)
    .select(
      db
        .select(row)
        .from(payments)
        .where(
          and(
            inLeague(db, payments),
            eq(payments.id, paymentId),
            eq(payments.status, "completed"),
            sql`${left} > 0`,
            sql`not exists (select 1 from entries e where e.league_id = ${PAYMENTS.leagueId} and e.round_id = ${PAYMENTS.roundId} and e.player_id = ${PAYMENTS.playerId})`,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ amountCents: transfers.amountCents });
  const cents = given[0]?.amountCents;
  if (cents === undefined) {
    const again = await paymentOf(db, paymentId, inRound);
    if (again.givenBack !== null) throw conflict(`${p.name}'s payment was already given back as credit.`);
    if (again.entered) throw conflict(`${p.name} is entered in ${p.roundName}: the payment pays for that entry.`);
    throw conflict(`Nothing of ${p.name}'s payment is left to give back.`);
  }
  return `Gave ${formatCents(cents)} back to ${p.name} as league credit.`;
}

/**
 * Takes back the credit a player got twice: a payment given back as credit (by a withdrawal,
 * or as the excess of an entry paid more than its price, ADR 37) that PayPal then refunded
 * too. The transfer that gave it back shrinks by what was got twice (or goes, when PayPal
 * refunded all of it), if it and the refunds are still as read; refused if it would
 * overdraw the player.
 */
export async function takeBackCredit(db: Db, paymentId: number, inRound?: number): Promise<string> {
  const p = await paymentOf(db, paymentId, inRound);
  const given = p.givenBack ?? p.excessBack;
  const over = (p.givenBack ?? 0) + p.excessBack + p.refundedCents - p.amountCents;
  if (given === 0 || over <= 0) throw conflict(`${p.name} did not get this payment back twice.`);
  // The withdrawal's give-back when there is one (it came last), else the excess's.
  const column = p.givenBack !== null ? transfers.paymentId : transfers.excessPaymentId;
  const columnName = p.givenBack !== null ? "payment_id" : "excess_payment_id";
  const asRead = and(inLeague(db, transfers), eq(column, paymentId), eq(transfers.amountCents, given));
  const change =
    over >= given
      ? db.delete(transfers).where(asRead).returning({ id: transfers.id })
      : db
          .update(transfers)
          .set({
            amountCents: given - over,
            description: `Given back for ${p.roundName}, less ${formatCents(over)} PayPal refunded, as credit`,
          })
          .where(asRead)
          .returning({ id: transfers.id });
  const [balance] = await db.all<{ b: number }>(sql`select ${balanceCentsSql(p.playerId)} as b`);
  try {
    const [written] = await db.batch([
      change,
      // Refused unless the transfer and the refunds are still as read, and the credit is there.
      writeGuard(
        db,
        "roundChanged",
        sql`(select count(*) from ${transfers} where league_id = ${db.leagueId} and ${sql.raw(columnName)} = ${paymentId}) <> ${over >= given ? 0 : 1}
          or ${refundedCentsSql({ id: sql`${paymentId}`, status: sql`(select status from payments where league_id = ${db.leagueId} and id = ${paymentId})`, amount: sql`${p.amountCents}` })} <> ${p.refundedCents}`,
      ),
      writeGuard(db, "overdrawn", sql`${balanceCentsSql(p.playerId)} < 0`),
    ]);
    if (written.length === 0) throw conflict("This payment changed since you opened it. Reload to see it as it is now.");
  } catch (err) {
    if (checkFailed(err, "round_changed")) throw conflict("This payment changed since you opened it. Reload to see it as it is now.");
    if (checkFailed(err, "overdrawn")) {
      throw conflict(overdrawnMessage([{ playerId: p.playerId, name: p.name, balanceCents: Number(balance?.b ?? 0), deltaCents: -over }]));
    }
    throw err;
  }
  return `Took ${formatCents(over)} of credit back from ${p.name}: PayPal had refunded it too.`;
}
