import { toDollars } from "./money";
import type { AceRow } from "~/.server/services/money/aces";

/** The ace pot in dollars (GET /api/ace). */
export function acePotJson(potCents: number) {
  return { pot: toDollars(potCents) };
}

/** One paid ace as the /api lists it: `player` is the player's id, `amt` dollars. */
export function aceJson(a: AceRow) {
  return { id: a.id, d: a.date, player: a.playerId, fn: a.firstName, ln: a.lastName, amt: toDollars(a.amountCents), round_id: a.roundId };
}

export type AcePotJson = ReturnType<typeof acePotJson>;
export type AceJson = ReturnType<typeof aceJson>;
