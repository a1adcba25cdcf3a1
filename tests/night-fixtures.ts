// League-night data for the service, API and race tests (ADR 25): a round with checked-in
// entries, a claimed player inside the check-in window, and cards read back as numbers.
import { eq } from "drizzle-orm";
import { makeAdmin } from "./auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb } from "./fixtures";
import { paidEntry } from "./money-fixtures";
import { cardPlayers, cards, entries, rounds } from "~/.server/db/schema";
import { cardBoard } from "~/.server/services/night/card-board";

/** An hour before the start: inside the default check-in window (120 minutes). */
export const IN_WINDOW = 3600;

/**
 * A claimed player's entry in a round starting in `startsIn` seconds (an hour: check-in is
 * open), owing the whole $6 unless `creditCents` paid part; `balanceCents` more credit to spend.
 */
export async function playerEntry(opts: { startsIn?: number; creditCents?: number; balanceCents?: number; cashCents?: number } = {}) {
  const w = await paidEntry({ startsIn: opts.startsIn ?? IN_WINDOW, creditCents: opts.creditCents, cashCents: opts.cashCents });
  if (opts.balanceCents) await makeTransfer({ fromPlayerId: null, toPlayerId: w.player.id, amountCents: opts.balanceCents });
  return w;
}

/** A round (starting in a day unless given) with `n` new players entered and checked in, divisions and ratings as given. */
export async function checkedInRound(n: number, opts: { startsAt?: number; divisions?: string[]; layoutId?: number } = {}) {
  const round = await makeRound({ startsAt: opts.startsAt ?? nowSec() + DAY, layoutId: opts.layoutId });
  const admin = await makeAdmin();
  const people = await Promise.all(Array.from({ length: n }, (_, i) => makePlayer({ division: opts.divisions?.[i] ?? "MA1" })));
  const list = await Promise.all(
    people.map((p, i) =>
      makeEntry({ roundId: round.id, playerId: p.id, division: opts.divisions?.[i] ?? "MA1", checkedInAt: nowSec(), checkedInBy: admin.id }),
    ),
  );
  return { round, admin, people, entries: list };
}

/** The round's cards as lists of entry ids, by card number. */
export async function cardLists(roundId: number): Promise<number[][]> {
  return (await cardBoard(testDb(), roundId)).cards.map((c) => c.players.map((p) => p.entryId));
}

export const cardsVersionOf = async (roundId: number) =>
  (await testDb().select({ v: rounds.cardsVersion }).from(rounds).where(eq(rounds.id, roundId)))[0]?.v ?? -1;

export const entryRow = async (id: number) => (await testDb().select().from(entries).where(eq(entries.id, id)))[0];

export const cardRows = (roundId: number) => testDb().select().from(cards).where(eq(cards.roundId, roundId));
export const cardPlayerRows = (cardId: number) => testDb().select().from(cardPlayers).where(eq(cardPlayers.cardId, cardId));
