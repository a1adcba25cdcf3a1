import { and, eq, sql } from "drizzle-orm";
import { type Db, dbNow, inLeague } from "../../db/client";
import { entries, payments, players, transfers } from "../../db/schema";
import { conflict, notFound } from "../../errors";
import { firstOf } from "../rounds/round-write";
import { commitQuietChange, readRoundState, roundOfRow } from "./participants";
import { settled } from "~/lib/shared/settled";
import { roundMoneyOf } from "../money/round-money";
import { paysCents } from "~/lib/money/entry-money";
import { formatCents } from "~/lib/shared/money";
import { entryTotalCents } from "~/lib/signup/pricing";
import { fullNameSql } from "../../db/player-name";

// An entry paid more than its price and the cash records behind it (ADR 37): the two fixes
// the books check offers, each in the round's guarded write (ADR 14), planned from the
// round's money as it stands when it writes.

/**
 * Voids a cash record entered by mistake: its status becomes `voided` with the admin's
 * reason (the audit log says who), it no longer pays for the entry, and no credit is made.
 * 404 for no such cash record (of round `inRound`, when given); 409 once voided, or when a
 * withdrawal or the books check already gave any of it back as credit.
 */
export async function voidCash(db: Db, input: { paymentId: number; reason: string; inRound?: number }): Promise<string> {
  // The payment and its round's state (keyed by the payment's round) at once (ADR 41).
  const [[found], read] = await Promise.all([
    db
      .select({ roundId: payments.roundId, method: payments.method, status: payments.status, name: fullNameSql(players) })
      .from(payments)
      .innerJoin(players, eq(players.id, payments.playerId))
      .where(and(inLeague(db, payments), eq(payments.id, input.paymentId))),
    settled(readRoundState(db, roundOfRow(db, payments, input.paymentId))),
  ]);
  if (found?.method !== "cash" || (input.inRound !== undefined && found.roundId !== input.inRound)) {
    throw notFound("Cash record not found");
  }
  return commitQuietChange(
    db,
    found.roundId,
    (state) => {
      const p = state.payments.find((x) => x.id === input.paymentId);
      if (p?.status !== "completed") throw conflict(`${found.name}'s cash record was already voided.`);
      if (p.givenBackCents !== null || p.excessBackCents > 0) {
        throw conflict(`${found.name}'s cash record was given back as league credit, so it can no longer be voided.`);
      }
      return {
        statements: [
          db
            .update(payments)
            .set({ status: "voided", voidReason: input.reason, voidedAt: dbNow, updatedAt: dbNow })
            .where(and(inLeague(db, payments), eq(payments.id, p.id), eq(payments.status, "completed")))
            .returning({ id: payments.id }),
        ],
        after: state.entries,
        guardPlayers: [],
        answer: () => `Voided ${formatCents(p.amountCents)} of cash from ${found.name}: ${input.reason}`,
      };
    },
    firstOf(read, found.roundId),
  );
}

/**
 * Gives back as league credit what an entry was paid beyond its price: first the credit it
 * used (its credit_used goes down), then from its newest payments, cash before PayPal, each
 * part a transfer from the league naming the payment it comes out of. 409 when the entry is
 * not paid more than its price.
 */
export async function excessToCredit(db: Db, input: { entryId: number; inRound?: number }): Promise<string> {
  const [[found], read] = await Promise.all([
    db
      .select({ roundId: entries.roundId })
      .from(entries)
      .where(and(inLeague(db, entries), eq(entries.id, input.entryId))),
    settled(readRoundState(db, roundOfRow(db, entries, input.entryId))),
  ]);
  if (!found || (input.inRound !== undefined && found.roundId !== input.inRound)) throw notFound("Entry not found");
  return commitQuietChange(
    db,
    found.roundId,
    (state) => {
      const entry = state.entries.find((e) => e.id === input.entryId);
      if (!entry) throw notFound("Entry not found");
      const over = roundMoneyOf(state.round, [entry], state.payments).byEntry.get(entry.id)?.overCents ?? 0;
      if (over === 0) throw conflict(`${entry.name}'s entry is not paid more than its price: nothing to give back.`);
      const fromCredit = Math.min(over, entry.creditUsedCents);
      let rest = over - fromCredit;
      const parts: { paymentId: number; cents: number }[] = [];
      const mine = state.payments
        .filter((p) => p.playerId === entry.playerId && paysCents(p) > 0)
        .sort((a, b) => (a.method === b.method ? b.id - a.id : a.method === "cash" ? -1 : 1));
      for (const p of mine) {
        if (rest === 0) break;
        const cents = Math.min(rest, paysCents(p));
        parts.push({ paymentId: p.id, cents });
        rest -= cents;
      }
      const description = `Paid for ${state.round.name} beyond its price: back as credit`;
      return {
        statements: [
          ...(fromCredit > 0
            ? [
                db
                  .update(entries)
                  .set({ creditUsedCents: entry.creditUsedCents - fromCredit })
                  .where(and(inLeague(db, entries), eq(entries.id, entry.id))),
              ]
            : []),
          ...parts.map((part) =>
            db
              .insert(transfers)
              .values({
                leagueId: db.leagueId,
                date: dbNow,
                toPlayerId: entry.playerId,
                amountCents: part.cents,
                description,
                excessPaymentId: part.paymentId,
              })
              .onConflictDoUpdate({
                target: [transfers.leagueId, transfers.excessPaymentId],
                set: { amountCents: sql`${transfers.amountCents} + excluded.amt_cents`, description },
              }),
          ),
        ],
        after: state.entries,
        guardPlayers: [],
        answer: () =>
          `Gave ${formatCents(over)} back to ${entry.name} as league credit: the entry is paid its price, ${formatCents(
            entryTotalCents(state.round, entry.ace, entry.sidePotsCents),
          )}.`,
      };
    },
    firstOf(read, found.roundId),
  );
}
