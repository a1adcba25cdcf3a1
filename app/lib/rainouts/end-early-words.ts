import { toParLabel } from "../live/live-board";

// The words of ending a round early (ADR 50), on the server and the page alike: the refusal
// when a card is short, and what a round's results say once it ended.

/** A card's holes in words: "Card 3 has finished 6 holes". */
const cardFinished = (c: { number: number; holes: number }, first: boolean) =>
  `${first ? "Card" : "card"} ${c.number} has finished ${c.holes} ${c.holes === 1 ? "hole" : "holes"}`;

/**
 * Why the round cannot end early: "Card 3 has finished 6 holes; ending early needs 9 on every
 * card. Cancel the round instead." (several short cards joined with "and").
 */
export function shortCardsRefusal(short: readonly { number: number; holes: number }[], needed: number): string {
  const cards = short.map((c, i) => cardFinished(c, i === 0));
  const list = cards.length > 1 ? `${cards.slice(0, -1).join(", ")} and ${cards.at(-1)}` : (cards[0] ?? "");
  return `${list}; ending early needs ${needed} on every card. Cancel the round instead.`;
}

/** The round's line on its results: "Ended early after 9 holes" (cards that finished different counts: "after 9–12 holes"). */
export function endedEarlyLine(holes: readonly number[]): string {
  if (holes.length === 0) return "Ended early";
  const least = Math.min(...holes);
  const most = Math.max(...holes);
  return `Ended early after ${least === most ? least : `${least}\u2013${most}`} holes`;
}

/** What the results of a round ended early are: each score is the layout's par plus the player's score to par. */
export const endedEarlyNote = (layoutPar: number): string =>
  `Rain stopped play: each result is the player's score to par over the holes their card finished, shown as the layout's par (${layoutPar}) plus it.`;

/** A result of a round ended early, as stored (the layout's par plus the score to par): "−2". */
export const earlyToPar = (score: number, layoutPar: number): string => toParLabel(score - layoutPar);

/** A player's result with its holes: "−2 over 9 holes". */
export const earlyResult = (score: number, layoutPar: number, holes: number | null): string =>
  holes === null ? earlyToPar(score, layoutPar) : `${earlyToPar(score, layoutPar)} over ${holes} ${holes === 1 ? "hole" : "holes"}`;
