import type { Db } from "../../db/client";
import { conflict, notFound } from "../../errors";
import { getLeagueSettings } from "../settings/league-settings";
import type { CardBoard } from "./card-board";
import { bumpCards, cardsGuard, insertCardPlayers } from "./card-sql";
import { type ArrangedCard, CARD_MESSAGES, boardAt, commitCards, saveCards } from "./card-writes";

// The card editor's single steps (ADR 25), each a save of the whole arrangement it read
// (card-writes.ts saveCards), so one rule decides what may change: moving a player to
// another card (the "Move to card …" menu, and a drop), a card's new start, and a late
// arrival on the smallest card.

const arrangementOf = (board: CardBoard): ArrangedCard[] =>
  board.cards.map((c) => ({ number: c.number, startHole: c.startHole, teeTime: c.teeTime, entryIds: c.players.map((p) => p.entryId) }));

export type Moved = { board: CardBoard; name: string; cardNumber: number };

/**
 * Moves a player (on a card, or checked in and waiting for one) to card `to`, or to a new
 * card ("new": the next number, starting on the first hole no card starts on, or a tee
 * time after the last).
 */
export async function moveToCard(db: Db, roundId: number, input: { version: number; entryId: number; to: number | "new" }): Promise<Moved> {
  const board = await boardAt(db, roundId, input.version);
  const player = [...board.cards.flatMap((c) => c.players), ...board.waiting].find((p) => p.entryId === input.entryId);
  if (!player) throw notFound("That player is not checked in for this round");
  const cards = arrangementOf(board).map((c) => ({ ...c, entryIds: c.entryIds.filter((id) => id !== input.entryId) }));
  let target = input.to === "new" ? undefined : cards.find((c) => c.number === input.to);
  if (input.to === "new") {
    target = { number: Math.max(0, ...cards.map((c) => c.number)) + 1, ...(await newCardStart(db, board)), entryIds: [] };
    cards.push(target);
  }
  if (!target) throw notFound(`There is no card ${input.to}`);
  if (board.cards.find((c) => c.number === target.number)?.players.some((p) => p.entryId === input.entryId)) {
    return { board, name: player.name, cardNumber: target.number };
  }
  target.entryIds.push(input.entryId);
  return { board: await saveCards(db, roundId, input.version, cards), name: player.name, cardNumber: target.number };
}

async function newCardStart(db: Db, board: CardBoard): Promise<Pick<ArrangedCard, "startHole" | "teeTime">> {
  const times = board.cards.flatMap((c) => (c.teeTime === null ? [] : [c.teeTime]));
  if (times.length) return { startHole: null, teeTime: Math.max(...times) + (await getLeagueSettings(db)).teeIntervalMinutes * 60 };
  const free = Array.from({ length: board.holeCount }, (_, i) => i + 1).find((h) => !board.cards.some((c) => c.startHole === h));
  return { startHole: free ?? 1, teeTime: null };
}

/** Gives card `number` a new start: a hole, or a tee time. */
export async function setCardStart(
  db: Db,
  roundId: number,
  input: { version: number; number: number; start: Pick<ArrangedCard, "startHole" | "teeTime"> },
): Promise<CardBoard> {
  const board = await boardAt(db, roundId, input.version);
  const cards = arrangementOf(board);
  const card = cards.find((c) => c.number === input.number);
  if (!card) throw notFound(`There is no card ${input.number}`);
  Object.assign(card, input.start);
  return saveCards(db, roundId, input.version, cards);
}

/** A late arrival (checked in, on no card) joins the smallest card that has not started, the lowest number on a tie. */
export async function addLateArrival(db: Db, roundId: number, input: { version: number; entryId: number }) {
  const board = await boardAt(db, roundId, input.version);
  const carded = board.cards.find((c) => c.players.some((p) => p.entryId === input.entryId));
  if (carded) throw conflict(`${carded.players.find((p) => p.entryId === input.entryId)?.name} is already on card ${carded.number}.`);
  if (!board.waiting.some((p) => p.entryId === input.entryId)) throw notFound("That player is not checked in for this round");
  if (board.cards.length === 0) throw conflict(CARD_MESSAGES.noCards);
  const open = board.cards.filter((c) => c.startedAt === null).sort((a, b) => a.players.length - b.players.length || a.number - b.number);
  const card = open[0];
  if (!card) throw conflict(CARD_MESSAGES.allStarted);
  const updated = await commitCards(db, roundId, [
    cardsGuard(db, roundId, input.version),
    insertCardPlayers(db, roundId, [{ number: card.number, entryIds: [input.entryId], from: card.players.length }]),
    bumpCards(db, roundId),
  ]);
  // Left off by the insert: their check-in was undone meanwhile.
  if (!updated.cards.some((c) => c.players.some((p) => p.entryId === input.entryId))) {
    throw conflict("That player is no longer checked in. Reload to see who is.");
  }
  return { board: updated, cardNumber: card.number };
}
