import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rowOf } from "../../db/insert-select";
import { entries, payments, players } from "../../db/schema";
import { type AppError, conflict, notFound } from "../../errors";
import { commitQuietChange, readRoundState, roundOfRow } from "./participants";
import { settled } from "~/lib/shared/settled";
import { roundMoneyOf } from "../money/round-money";
import { formatCents } from "~/lib/shared/money";
import { fullNameSql } from "../../db/player-name";

// Cash at the course (ADR 22): an admin records that an entry was paid in cash. It is a
// payment like a PayPal one (method cash, completed), so the entries screen counts it as
// paid, the reports as cash collected, and a withdrawal gives it back as credit. A client
// on a flaky connection sends a request key made once per attempt (ADR 25): a retry with
// it finds the payment the first try made and answers the same, never paying twice. Cash
// above what the entry owes is refused unless the admin says so (ADR 37).

export type CashPayment = { paymentId: number; playerName: string; amountCents: number };

export type Cash = { amountCents: number; note: string | null; requestKey?: string | null; moreThanOwed?: boolean };

export const KEY_USED = "This request was already used for another payment. Reload and try again.";

/**
 * The insert of a cash payment for the league's entry `entryWhere` selects: made from the entry's
 * row, so an entry withdrawn meanwhile takes no cash (nothing is inserted), with the
 * round, the player, their linked user, division and ace. A batch item (the walk-up's).
 */
export function cashInsert(db: Db, entryWhere: SQL, cash: Cash) {
  const row = rowOf(db.leagueId, payments, {
    // Qualified by hand: drizzle writes a one-table select's columns bare, and a bare
    // player_id inside this subquery would be the claim's own.
    userId: sql`(select c.user_id from claims c where c.league_id = "entries"."league_id" and c.player_id = "entries"."player_id" and c.status = 'approved')`,
    roundId: entries.roundId,
    playerId: entries.playerId,
    method: sql`'cash'`,
    status: sql`'completed'`,
    amountCents: sql`${cash.amountCents}`,
    aceOptIn: entries.ace,
    division: entries.division,
    requestKey: sql`${cash.requestKey ?? null}`,
    paymentData: sql`${cash.note ? JSON.stringify({ note: cash.note }) : null}`,
  });
  return db
    .insert(payments)
    .select(
      db
        .select(row)
        .from(entries)
        .where(and(inLeague(db, entries), entryWhere)),
    )
    .returning({ id: payments.id });
}

/** The payment a request key made, with its entry's round and player. */
export async function paymentByKey(db: Db, requestKey: string) {
  const [row] = await db
    .select({
      paymentId: payments.id,
      method: payments.method,
      roundId: payments.roundId,
      playerId: payments.playerId,
      amountCents: payments.amountCents,
      creditUsedCents: payments.creditUsedCents,
      playerName: fullNameSql(players),
    })
    .from(payments)
    .innerJoin(players, eq(players.id, payments.playerId))
    .where(and(inLeague(db, payments), eq(payments.requestKey, requestKey)));
  return row ?? null;
}

/** The refusal of cash above what the entry owes, unless the admin said it is more than owed (ADR 37). */
export function aboveOwed(name: string, owedCents: number, cash: Cash): AppError | null {
  if (cash.moreThanOwed || cash.amountCents <= owedCents) return null;
  const amount = formatCents(cash.amountCents);
  return conflict(
    owedCents === 0
      ? `${name}'s entry is paid: it owes nothing. To record ${amount} anyway, mark it as more than owed.`
      : `${name} owes ${formatCents(owedCents)}, less than ${amount}: record ${formatCents(owedCents)}, or mark it as more than owed.`,
  );
}

/**
 * Records `amountCents` of cash for an entry (of round `inRound`, when given) with the
 * admin's note, in the round's guarded write (ADR 14): planned from the money as it stands
 * when it writes, so a credit check-in or another cash record that lands first makes this
 * one see the entry paid. Above what is owed it is refused unless `moreThanOwed` (ADR 37).
 * 404 for an entry that is not there. With a request key already used for this entry's
 * round and player, answers that payment and records nothing; used for another, 409.
 */
export async function recordCash(db: Db, input: Cash & { entryId: number; inRound?: number }): Promise<CashPayment> {
  // The entry, an earlier payment of the key and the round's state (keyed by the entry's round) at once (ADR 41).
  const byKey = () => (input.requestKey ? paymentByKey(db, input.requestKey) : null);
  const [[entry], keyed, read] = await Promise.all([
    db
      .select({ roundId: entries.roundId, playerId: entries.playerId, name: fullNameSql(players) })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(and(inLeague(db, entries), eq(entries.id, input.entryId))),
    byKey(),
    settled(readRoundState(db, roundOfRow(db, entries, input.entryId))),
  ]);
  if (!entry || (input.inRound !== undefined && entry.roundId !== input.inRound)) throw notFound("Entry not found");
  const earlier = async (known?: Awaited<ReturnType<typeof byKey>>) => {
    const found = known === undefined ? await byKey() : known;
    if (!found) return null;
    // A walk-up's credit payment (ADR 38) holds a key too: it is not cash.
    if (found.method !== "cash" || found.roundId !== entry.roundId || found.playerId !== entry.playerId) throw conflict(KEY_USED);
    return { paymentId: found.paymentId, playerName: found.playerName, amountCents: found.amountCents };
  };
  const done = await earlier(keyed);
  if (done) return done;
  const first = read.ok && read.value.round.id === entry.roundId ? read.value : undefined;
  try {
    return await commitQuietChange(
      db,
      entry.roundId,
      (state) => {
        const now = state.entries.find((e) => e.id === input.entryId);
        if (!now) throw notFound("Entry not found");
        const owed = roundMoneyOf(state.round, [now], state.payments).byEntry.get(now.id)?.owedCents ?? 0;
        const refused = aboveOwed(now.name, owed, input);
        if (refused) throw refused;
        return {
          statements: [cashInsert(db, eq(entries.id, now.id), input)],
          after: state.entries,
          guardPlayers: [],
          answer: ([rows]) => {
            const [inserted] = rows as { id: number }[];
            if (!inserted) throw notFound("Entry not found");
            return { paymentId: inserted.id, playerName: now.name, amountCents: input.amountCents };
          },
        };
      },
      first,
    );
  } catch (err) {
    // The same key at once from a retry: the one that won made the payment (this one then
    // found the entry paid, or hit the key's unique index).
    const won = await earlier();
    if (won) return won;
    throw err;
  }
}
