// Who may hold a CTP hole (ADR 30, amended): pure, so the server's refusals, the card and
// the tests read the same rules. A mark is taken only while the round is scored live, from
// a cardmate of the marked player (or the admin), once that card has a score on the hole.
// A measured mark is beaten only by a shorter one (or the organiser's settle); a mark
// without a distance never replaces a measured one, and between two without, the first
// stands until the organiser settles the hole.
import type { LiveState } from "../live/live-state";
import { type DistanceUnit, distanceLabel } from "./distances";

export const CTP_MESSAGES = {
  notLive: "A CTP is marked while the round is scored live: once its scorecards are published, until it is finalised.",
  notOnCard: (name: string) => `${name} is not on a scorecard of this round.`,
  notYourCard: "You can record a CTP for yourself or a player on your scorecard.",
  notPlayed: (card: number, hole: number) => `Card ${card} has no score on hole ${hole} yet: mark the CTP once the card has played it.`,
  beaten: (hole: number, name: string, cm: number, unit: DistanceUnit) =>
    `Hole ${hole} is held by ${name} at ${distanceLabel(cm, unit)}: only a shorter distance beats it.`,
  firstStands: (hole: number, name: string) =>
    `Hole ${hole} is held by ${name}, marked first without a distance: measure it to beat it, or ask the organiser to settle it.`,
} as const;

export type MarkRefusal = { code: "conflict" | "forbidden" | "not_found"; message: string };

/** Whether a player of the card has a score on the hole: agreed, or entered and in question. */
export function cardPlayedHole(state: LiveState, cardId: number, hole: number): boolean {
  const onCard = state.players.filter((p) => p.cardId === cardId);
  const ids = new Set(onCard.map((p) => p.entryId));
  return (
    onCard.some((p) => p.strokes[hole - 1] != null) ||
    state.flags.some((f) => f.field === "strokes" && f.hole === hole && ids.has(f.entryId))
  );
}

/** Why the live round does not take a mark of `entryId` on `hole` from `caller` now, or null. */
export function liveMarkRefusal(
  state: LiveState,
  mark: { entryId: number; hole: number; name: string },
  caller: { admin: boolean; playerId: number | null },
): MarkRefusal | null {
  if (state.publishedAt === null || state.finalizedAt !== null) return { code: "conflict", message: CTP_MESSAGES.notLive };
  const marked = state.players.find((p) => p.entryId === mark.entryId);
  const card = state.cards.find((c) => c.id === marked?.cardId);
  if (!marked || !card) return { code: "conflict", message: CTP_MESSAGES.notOnCard(mark.name) };
  const mate = state.players.some((p) => p.cardId === card.id && p.playerId === caller.playerId);
  if (!caller.admin && !mate) return { code: "forbidden", message: CTP_MESSAGES.notYourCard };
  if (!cardPlayedHole(state, card.id, mark.hole)) return { code: "conflict", message: CTP_MESSAGES.notPlayed(card.number, mark.hole) };
  return null;
}

/** Whether a mark at `next` (null: not measured) takes the hole from a holder at `held`. */
export const beats = (next: number | null, held: number | null): boolean => next !== null && (held === null || next < held);

/** Why the holder keeps the hole against a mark that does not beat it, its distance in the league's unit. */
export const heldMessage = (hole: number, holder: { name: string; distanceCm: number | null }, unit: DistanceUnit) =>
  holder.distanceCm === null
    ? CTP_MESSAGES.firstStands(hole, holder.name)
    : CTP_MESSAGES.beaten(hole, holder.name, holder.distanceCm, unit);

type HeldPot = {
  name: string;
  kind: string;
  paid: boolean;
  holders: { hole: number; holders: { name: string; settled: boolean; distanceCm: number | null }[] }[];
};

/** Whether a hole's holders are to measure: held, none settled and none with a distance. */
export const toMeasure = (held: HeldPot["holders"][number]["holders"]) =>
  held.length > 0 && held.every((h) => !h.settled && h.distanceCm === null);

/**
 * The holes of unpaid CTP pots held without a distance, unsettled ("CTP hole 7 (Ann Lee)"):
 * the night screen lists them to measure, and Credit payouts asks before paying them.
 */
export function holesToMeasure(pots: readonly HeldPot[]): string[] {
  return pots.flatMap((pot) =>
    pot.kind !== "ctp" || pot.paid
      ? []
      : pot.holders
          .filter((h) => toMeasure(h.holders))
          .map((h) => `${pot.name} hole ${h.hole} (${h.holders.map((x) => x.name).join(" and ")})`),
  );
}
