// League-night data for the service, API and race tests (ADR 25): a round with checked-in
// entries, a claimed player inside the check-in window, and cards read back as numbers.
import { eq } from "drizzle-orm";
import { makeAdmin } from "./auth-fixtures";
import { DAY, makeEntry, makePlayer, makeRound, makeTransfer, nowSec, testDb, uniq } from "./fixtures";
import { chunk } from "~/.server/db/chunk";
import { paidEntry } from "./money-fixtures";
import { cardPlayers, cards, courses, entries, layoutHoles, layouts, players, rounds } from "~/.server/db/schema";
import { cardBoard } from "~/.server/services/cards/card-board";
import { DEFAULT_LEAGUE_ID } from "~/.server/db/tables/leagues";

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
      makeEntry({
        roundId: round.id,
        playerId: p.id,
        division: opts.divisions?.[i] ?? "MA1",
        checkedInAt: nowSec(),
        checkedInBy: admin.id,
      }),
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

/** `n` players entered in `roundId` and checked in, written in bulk, eight a statement (D1 binds at most 100 values). */
export async function bulkField(roundId: number, n: number, division = "MA1"): Promise<number[]> {
  const db = testDb();
  const tag = uniq();
  const made: number[] = [];
  for (const part of chunk(
    Array.from({ length: n }, (_, i) => i),
    7,
  )) {
    const rows = await db
      .insert(players)
      .values(part.map((i) => ({ leagueId: DEFAULT_LEAGUE_ID, firstName: `F${i}`, lastName: `${tag}${i}`, division })))
      .returning({ id: players.id });
    const list = await db
      .insert(entries)
      .values(rows.map((p) => ({ leagueId: DEFAULT_LEAGUE_ID, roundId, playerId: p.id, division, checkedInAt: nowSec() })))
      .returning({ id: entries.id });
    made.push(...list.map((e) => e.id));
  }
  return made;
}

/** A course with a layout of `pars.length` holes; `second` lists the holes that take a second card, in order. */
export async function makeLayout(pars: number[], second: number[] = []): Promise<number> {
  const db = testDb();
  const [course] = await db
    .insert(courses)
    .values({ leagueId: DEFAULT_LEAGUE_ID, name: `Course ${uniq()}` })
    .returning();
  const [layout] = await db
    .insert(layouts)
    .values({ leagueId: DEFAULT_LEAGUE_ID, courseId: course!.id, name: "Long tees", holeCount: pars.length })
    .returning();
  for (const part of chunk(
    pars.map((par, i) => ({ hole: i + 1, par })),
    15,
  )) {
    await db.insert(layoutHoles).values(
      part.map(({ hole, par }) => ({
        leagueId: DEFAULT_LEAGUE_ID,
        layoutId: layout!.id,
        hole,
        par,
        secondCardOrder: second.includes(hole) ? second.indexOf(hole) + 1 : null,
      })),
    );
  }
  return layout!.id;
}

/** A round rated before this one in which each player scored with the rating given (their league rating then is it). */
export async function rated(playerRatings: [number, number][]) {
  const round = await makeRound({ startsAt: nowSec() - 7 * DAY });
  for (const [playerId, rating] of playerRatings) await makeEntry({ roundId: round.id, playerId, score: 54, rating });
}
