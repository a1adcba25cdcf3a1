import { and, eq, isNull, sql } from "drizzle-orm";
import { type Db, inLeague } from "../../db/client";
import { rounds } from "../../db/schema";
import { conflict } from "../../errors";
import { enqueue, newJobId } from "../../jobs";
import { type BoardRows, type CardBoard, boardOf, boardReads, cardBoard } from "./card-board";
import { CARDS_CHANGED } from "./card-sql";
import { CARD_MESSAGES } from "./card-writes";
import { nowSeconds } from "~/lib/shared/time";

// Publishing a round's cards (ADR 25): the round page shows them to everyone from then on,
// and each player on a card is told theirs (the `cards` message, services/messages/notices.ts,
// ADR 49). Publishing is idempotent: the write is conditional on the cards being a draft at
// the version the admin read, so of twenty publishes at once one publishes and enqueues the
// message, and every other finds them published and answers so.

export type Published = { board: CardBoard /** This call published them (false: they already were). */; published: boolean };

/** What announcing needs: the queue, and the request's origin for the message's links (locally). */
export type CardAnnounce = { jobs: Queue; origin: string; now?: number };

export async function publishCards(db: Db, roundId: number, version: number, announce: CardAnnounce): Promise<Published> {
  const board = await cardBoard(db, roundId);
  if (board.publishedAt !== null) return { board, published: false };
  if (board.version !== version) throw conflict(CARDS_CHANGED);
  if (board.cards.length === 0) throw conflict(CARD_MESSAGES.noCards);
  const now = announce.now ?? nowSeconds();
  // The publish and the board as it leaves it, in one batch (ADR 41): a check-in made since
  // the read above is in the answer.
  const reads = boardReads(db, roundId);
  const [[done], ...rows] = await db.batch([
    db
      .update(rounds)
      .set({ cardsPublishedAt: now, cardsVersion: sql`${rounds.cardsVersion} + 1` })
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId), isNull(rounds.cardsPublishedAt), eq(rounds.cardsVersion, version)))
      .returning({ id: rounds.id }),
    ...reads,
  ]);
  const after = boardOf(roundId, rows as unknown as BoardRows);
  if (!done) {
    if (after.publishedAt !== null) return { board: after, published: false };
    throw conflict(CARDS_CHANGED);
  }
  try {
    await enqueue(announce.jobs, {
      type: "cards-published",
      id: newJobId(),
      leagueId: db.leagueId,
      roundId,
      publishedAt: now,
      origin: announce.origin,
    });
  } catch (err) {
    // Not announced: a draft again, so what the admin sees (an error, unpublished) is what happened.
    await db
      .update(rounds)
      .set({ cardsPublishedAt: null, cardsVersion: sql`${rounds.cardsVersion} + 1` })
      .where(and(inLeague(db, rounds), eq(rounds.id, roundId), eq(rounds.cardsPublishedAt, now)));
    throw err;
  }
  return { board: after, published: true };
}
