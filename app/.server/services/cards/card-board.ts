import { and, asc, eq, sql } from "drizzle-orm";
import { type Db, type RowsOf, inLeague } from "../../db/client";
import { fullNameSql } from "../../db/player-name";
import { cardPlayers, cards, entries, players, rounds } from "../../db/schema";
import { notFound } from "../../errors";
import { ratingsOf, ratingsQuery } from "../ratings/league-ratings";
import { type RoundLayout, roundLayoutOf, roundLayoutReads } from "../courses/layout-sql";
import { holesWithoutLayout } from "~/lib/courses/layouts";
import { startLabels } from "~/lib/night/night";

// A round's cards as the night screen, the card editor, the print view and the public
// list read them (ADR 25): each card's start and players, who is checked in and on no
// card yet, the version every card write carries, and the holes the round is played on
// (its layout's, or 18 without one).

export type BoardPlayer = {
  entryId: number;
  playerId: number;
  name: string;
  division: string;
  rating: number | null;
  /** False for a player left on a published card after their check-in was undone. */
  checkedIn: boolean;
};

export type BoardCard = {
  id: number;
  number: number;
  startHole: number | null;
  startSlot: number;
  /** "7", or "7A" / "7B" when cards share the hole; null with a tee time. */
  startLabel: string | null;
  teeTime: number | null;
  startedAt: number | null;
  players: BoardPlayer[];
};

export type CardBoard = RoundLayout & {
  roundId: number;
  startsAt: number;
  version: number;
  publishedAt: number | null;
  holeCount: number;
  cards: BoardCard[];
  /** Checked in and on no card: late arrivals once cards are made. */
  waiting: BoardPlayer[];
};

/** The league's round's entries a board shows: checked in, or on a card. */
const onTheBoard = (db: Db, roundId: number) =>
  sql`${entries.leagueId} = ${db.leagueId} and ${entries.roundId} = ${roundId} and (${entries.checkedInAt} is not null
    or ${entries.id} in (select entry_id from ${cardPlayers} where league_id = ${db.leagueId}))`;

/** The round's cards and who waits for one (404 for a round that is not there). */
export async function cardBoard(db: Db, roundId: number): Promise<CardBoard> {
  return boardOf(roundId, await Promise.all(boardReads(db, roundId)));
}

/**
 * cardBoard's reads, unrun (ADR 41): asked together they are one trip, and a card write
 * carries them at the end of its batch, so it answers the board as stored without a trip
 * of its own (card-writes.ts). boardOf shapes their rows.
 */
export const boardReads = (db: Db, roundId: number) =>
  [
    db
      .select({ startsAt: rounds.startsAt, version: rounds.cardsVersion, publishedAt: rounds.cardsPublishedAt })
      .from(rounds)
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId))),
    db
      .select()
      .from(cards)
      .where(and(inLeague(db, cards), eq(cards.roundId, roundId)))
      .orderBy(asc(cards.number)),
    db
      .select({ cardId: cardPlayers.cardId, entryId: cardPlayers.entryId })
      .from(cardPlayers)
      .innerJoin(cards, eq(cards.id, cardPlayers.cardId))
      .where(and(inLeague(db, cardPlayers), inLeague(db, cards), eq(cards.roundId, roundId)))
      .orderBy(asc(cardPlayers.cardId), asc(cardPlayers.position)),
    db
      .select({
        entryId: entries.id,
        playerId: entries.playerId,
        name: fullNameSql(players),
        division: entries.division,
        at: entries.checkedInAt,
      })
      .from(entries)
      .innerJoin(players, eq(players.id, entries.playerId))
      .where(onTheBoard(db, roundId))
      .orderBy(asc(players.lastName), asc(players.firstName)),
    ...roundLayoutReads(db, roundId),
    // The same players' ratings, named in SQL so they are read in the same trip.
    ratingsQuery(db, sql`select ${entries.playerId} from ${entries} where ${onTheBoard(db, roundId)}`),
  ] as const;

export type BoardRows = RowsOf<ReturnType<typeof boardReads>>;

export function boardOf(roundId: number, rows: BoardRows): CardBoard {
  const [[round], cardRows, placed, checkedIn, named, holes, ratingRows] = rows;
  if (!round) throw notFound("Round not found");
  const course = roundLayoutOf(named, holes);
  const ratings = ratingsOf(ratingRows);
  const byEntry = new Map(
    checkedIn.map((e) => [
      e.entryId,
      {
        entryId: e.entryId,
        playerId: e.playerId,
        name: e.name,
        division: e.division,
        rating: ratings.get(e.playerId) ?? null,
        checkedIn: e.at !== null,
      },
    ]),
  );
  const labels = startLabels(cardRows);
  const board = cardRows.map(
    (c, i): BoardCard => ({
      id: c.id,
      number: c.number,
      startHole: c.startHole,
      startSlot: c.startSlot,
      startLabel: labels[i] ?? null,
      teeTime: c.teeTime,
      startedAt: c.startedAt,
      players: placed.filter((p) => p.cardId === c.id).flatMap((p) => byEntry.get(p.entryId) ?? []),
    }),
  );
  const onCard = new Set(placed.map((p) => p.entryId));
  const waiting = checkedIn.filter((e) => e.at !== null && !onCard.has(e.entryId)).flatMap((e) => byEntry.get(e.entryId) ?? []);
  const holeCount = course.pars?.length ?? holesWithoutLayout().length;
  return { ...course, ...round, roundId, holeCount, cards: board, waiting };
}
