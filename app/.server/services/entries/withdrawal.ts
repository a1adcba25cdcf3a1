import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Db, dbNow, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, paymentRefunds, payments, players, rounds, transfers } from "../../db/schema";
import { AppError, conflict, notFound } from "../../errors";
import { PAYMENTS, leftCentsSql } from "../money/money-sql";
import { roundMoneyOf } from "../money/round-money";
import { ownClaim } from "../players/own-claim";
import { commitRoundChange, readRoundState, roundOfRow } from "./participants";
import { settled } from "~/lib/shared/settled";
import { assertEntryVersion } from "../rounds/versions";
import { bumpIfCarded } from "../cards/card-sql";
import { nowSeconds } from "~/lib/shared/time";
import { formatCents } from "~/lib/shared/money";
import { fullNameSql } from "../../db/player-name";
import { type FollowUp, settleWaitlistOf } from "../../follow-ups";
import { assertMayWithdraw, entryNight, isNightChanged, nightUnchangedGuard, withdrawalAudit } from "./withdrawal-rules";

// Withdrawing an entry (ADR 22), for the player and the admin alike, and the admin's entry
// delete: no path removes a paid entry without giving the money back. In ONE batch of the
// round (commitRoundChange): the entry goes, each PayPal or cash payment of that round and
// player with money left comes back as a transfer from the league naming the payment (its
// unique index: twenty racing withdrawals give credit once), and the payment's undecided
// refunds are marked withdrawn. The credit the entry used comes back by itself: the entry's
// credit_used leaves the balance with it.

export type Withdrawer = { admin: true } | { admin: false; userId: number };

export type Withdrawal = {
  entryId: number;
  roundId: number;
  roundName: string;
  playerId: number;
  playerName: string;
  creditCents: number;
  paypalCents: number;
  cashCents: number;
  totalCents: number;
  /** It was on a published card: the round's live copy of the cards must drop it (ADR 34). */
  onPublishedCard: boolean;
  /** Left for after the batch (ADR 44): the freed place to the round's waitlist, and the change's own. */
  followUps: FollowUp[];
};

export const WITHDRAW_MESSAGES = {
  notYours: "You can only withdraw your own entry.",
  started: (round: string) => `${round} has started, so you can no longer withdraw from it. Ask an admin.`,
  gone: (name: string) => `${name}'s entry was already withdrawn.`,
  overpaid: (name: string, overCents: number) =>
    `${name}'s entry is paid more than its price (${formatCents(overCents)} too much): sort that out first (void the duplicate cash, or give the excess back as credit), then withdraw it.`,
  overpaidOwn: "Your entry was paid more than its price: ask the organiser to sort that out before you withdraw.",
} as const;

export type WithdrawOptions = { inRound?: number; version?: number; reason?: string };

/**
 * Withdraws an entry and gives back what paid for it as league credit. A player: only
 * their own entry (403), only before the round starts and before check-in (409); an admin:
 * any entry until its card has a score, with a `reason` once it is checked in (ADR 34).
 * `inRound` (the admin's entries screen) and `version` (the row the admin saw) refuse an
 * entry of another round (404) or one changed since (409).
 */
export async function withdrawEntry(db: Db, entryId: number, who: Withdrawer, opts: WithdrawOptions = {}): Promise<Withdrawal> {
  // A check-in or a card's first score landing between the read and the write: decide again.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await withdrawOnce(db, entryId, who, opts);
    } catch (err) {
      if (!isNightChanged(err)) throw err;
    }
  }
  throw conflict("The entry changed while withdrawing it. Please try again.");
}

async function withdrawOnce(db: Db, entryId: number, who: Withdrawer, opts: WithdrawOptions): Promise<Withdrawal> {
  // Every read at once (ADR 41), the round's state keyed by the entry's round; checked after, in the order they always were.
  const [[found], claim, night, read] = await Promise.all([
    db
      .select({ roundId: entries.roundId, playerId: entries.playerId, name: fullNameSql(players), roundName: rounds.name })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .innerJoin(rounds, eq(rounds.id, entries.roundId))
      .where(and(inLeague(db, entries), eq(entries.id, entryId))),
    who.admin ? null : ownClaim(db, who.userId),
    entryNight(db, entryId),
    settled(readRoundState(db, roundOfRow(db, entries, entryId))),
  ]);
  if (!found || (opts.inRound !== undefined && found.roundId !== opts.inRound)) throw notFound("Entry not found");
  if (!who.admin && (claim?.status !== "approved" || claim.playerId !== found.playerId)) {
    throw new AppError("forbidden", WITHDRAW_MESSAGES.notYours);
  }
  assertMayWithdraw(night, who, { player: found.name, round: found.roundName }, opts.reason);
  const { roundId, playerId } = found;
  const ofThePlayer = and(inLeague(db, payments), eq(payments.roundId, roundId), eq(payments.playerId, playerId));
  const left = leftCentsSql(PAYMENTS);

  const first = read.ok && read.value.round.id === roundId ? read.value : undefined;
  const { value: done, followUps } = await commitRoundChange(
    db,
    roundId,
    (state) => {
      const entry = state.entries.find((e) => e.id === entryId);
      if (!entry) throw conflict(WITHDRAW_MESSAGES.gone(found.name));
      if (!who.admin && state.round.startsAt <= nowSeconds()) throw conflict(WITHDRAW_MESSAGES.started(state.round.name));
      if (opts.version !== undefined) assertEntryVersion({ ...entry, name: found.name }, opts.version);
      // Paid twice, a withdrawal would give back money the league may never have had (ADR 37).
      const over = roundMoneyOf(state.round, [entry], state.payments).byEntry.get(entry.id)?.overCents ?? 0;
      if (over > 0) throw conflict(who.admin ? WITHDRAW_MESSAGES.overpaid(found.name, over) : WITHDRAW_MESSAGES.overpaidOwn);
      const giveBack = rowOf(db.leagueId, transfers, {
        date: dbNow,
        toPlayerId: payments.playerId,
        amountCents: left,
        description: sql`${`Withdrawn from ${state.round.name}: what was paid, back as credit`}`,
        paymentId: payments.id,
      });
      return {
        statements: [
          // Its place on a card goes with it (cascade): a card editor open on it must reload.
          bumpIfCarded(db, roundId, entryId),
          db.delete(entries).where(and(inLeague(db, entries), eq(entries.id, entryId))),
          db
            .insert(transfers)
            .select(
              db
                .select(giveBack)
                .from(payments)
                .where(
                  and(
                    ofThePlayer,
                    inArray(payments.method, ["paypal", "cash"]),
                    eq(payments.status, "completed"),
                    sql`${left} > 0`,
                    sql`not exists (select 1 from ${transfers} t where t.league_id = ${PAYMENTS.leagueId} and t.payment_id = ${PAYMENTS.id})`,
                  ),
                ),
            )
            .onConflictDoNothing()
            .returning({ paymentId: transfers.paymentId, amountCents: transfers.amountCents }),
          db
            .update(paymentRefunds)
            .set({ resolution: "withdrawn", resolvedAt: dbNow })
            .where(
              and(
                inLeague(db, paymentRefunds),
                isNull(paymentRefunds.resolution),
                inArray(paymentRefunds.paymentId, db.select({ id: payments.id }).from(payments).where(ofThePlayer)),
              ),
            ),
          nightUnchangedGuard(db, entryId, night),
          ...(who.admin && opts.reason ? [withdrawalAudit(db, { entryId, playerId, roundId, reason: opts.reason })] : []),
        ],
        after: state.entries.filter((e) => e.id !== entryId),
        guardPlayers: [
          { playerId, name: entry.name, balanceCents: entry.balanceCents, deltaCents: entry.creditUsedCents - entry.creditAddedCents },
        ],
        answer: ([, , given]) => ({
          entry,
          roundName: state.round.name,
          given: given as { paymentId: number | null; amountCents: number }[],
          // What is given back is of the round's completed PayPal and cash payments: the state has their methods.
          methods: new Map(state.payments.map((p) => [p.id, p.method])),
        }),
      };
    },
    first,
  );

  const { methods } = done;
  const sumOf = (method: string) => done.given.reduce((s, g) => s + (methods.get(g.paymentId ?? 0) === method ? g.amountCents : 0), 0);
  const paypalCents = sumOf("paypal");
  const cashCents = sumOf("cash");
  return {
    entryId,
    roundId,
    roundName: done.roundName,
    playerId,
    playerName: found.name,
    creditCents: done.entry.creditUsedCents,
    paypalCents,
    cashCents,
    totalCents: done.entry.creditUsedCents + paypalCents + cashCents,
    onPublishedCard: night.onPublishedCard,
    // The place it freed goes to the round's waitlist (ADR 28).
    followUps: [...followUps, settleWaitlistOf(roundId)],
  };
}
