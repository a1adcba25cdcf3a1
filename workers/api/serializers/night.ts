import { toDollars } from "./money";
import type { BoardPlayer, CardBoard } from "~/.server/services/cards/card-board";
import type { CheckIn } from "~/.server/services/night/check-in";
import type { WalkUp } from "~/.server/services/night/walk-up";

// The league night as the /api shows it (ADR 25): check-ins, walk-ups and a round's cards.

export function checkInJson(c: CheckIn) {
  return {
    entry_id: c.entryId,
    player_id: c.playerId,
    player_name: c.name,
    round_id: c.roundId,
    round_name: c.roundName,
    checked_in: c.checkedInAt !== null,
    checked_in_at: c.checkedInAt,
    /** False when the entry already was so: the call changed nothing. */
    changed: c.changed,
    /** Credit this check-in took to pay what the entry owed. */
    credit_used: toDollars(c.creditCents),
  };
}

export function walkUpJson(w: WalkUp) {
  return {
    entry_id: w.entryId,
    player_id: w.playerId,
    player_name: w.playerName,
    /** The payment holding the request key: the credit one when credit paid (ADR 38), else the cash. */
    payment_id: w.paymentId,
    /** The cash taken, and what the player's credit paid. */
    amount: toDollars(w.amountCents),
    credit: toDollars(w.creditCents),
    checked_in_at: w.checkedInAt,
  };
}

const playerJson = (p: BoardPlayer) => ({
  entry_id: p.entryId,
  player_id: p.playerId,
  name: p.name,
  division: p.division,
  rating: p.rating,
  checked_in: p.checkedIn,
});

/** A round's cards as the admin's card writes answer them: drafts too, with the version the next write sends. */
export function cardBoardJson(b: CardBoard) {
  return {
    round_id: b.roundId,
    version: b.version,
    published_at: b.publishedAt,
    holes: b.holeCount,
    pars: b.pars,
    cards: b.cards.map((c) => ({
      number: c.number,
      start_hole: c.startHole,
      start_label: c.startLabel,
      tee_time: c.teeTime,
      started: c.startedAt !== null,
      players: c.players.map(playerJson),
    })),
    waiting: b.waiting.map(playerJson),
  };
}

/** What everyone may read: the cards once published (none before), each with its start and names. */
export function publishedCardsJson(b: CardBoard) {
  const published = b.publishedAt !== null;
  return {
    round_id: b.roundId,
    published,
    published_at: b.publishedAt,
    cards: published
      ? b.cards.map((c) => ({
          number: c.number,
          start_hole: c.startHole,
          start_label: c.startLabel,
          tee_time: c.teeTime,
          players: c.players.map((p) => ({ player_id: p.playerId, name: p.name })),
        }))
      : [],
  };
}

export type CheckInJson = ReturnType<typeof checkInJson>;
export type WalkUpJson = ReturnType<typeof walkUpJson>;
export type CardBoardJson = ReturnType<typeof cardBoardJson>;
export type PublishedCardsJson = ReturnType<typeof publishedCardsJson>;
