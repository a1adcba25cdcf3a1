import { startLabel } from "../cards/cards";
import { formatTime } from "../shared/time";

// League night (ADR 25) as players read it: when check-in is open, and their card in a line.
// Pure: the round page, the home page, the card mail and the night screen say it the same way.

export type CheckInWindow = { opensAt: number; closesAt: number };

/** A player checks in from `opensMinutes` before the round's start until the start. */
export function checkInWindow(startsAt: number, opensMinutes: number): CheckInWindow {
  return { opensAt: startsAt - opensMinutes * 60, closesAt: startsAt };
}

export type WindowState = "before" | "open" | "closed";

export function windowState(window: CheckInWindow, now: number): WindowState {
  if (now < window.opensAt) return "before";
  return now < window.closesAt ? "open" : "closed";
}

/** A card as a player reads it: its number, its start (a hole, or a tee time) and the others on it. */
export type CardSummary = { number: number; startLabel: string | null; teeTime: number | null; mates: readonly { name: string }[] };

/** "Ann Lee", "Ann Lee and Bo Ray", "Ann Lee, Bo Ray and Cy Poe". */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * A player's card in one line, as they read it before teeing off: "Card 3 · hole 7A · with
 * Ann Lee, Bo Ray and Cy Poe" (a shotgun start), or "Card 2 · tee time 6:10 PM" with tee times.
 */
export function cardLine(card: CardSummary, timeZone: string): string {
  const start =
    card.startLabel !== null ? `hole ${card.startLabel}` : card.teeTime !== null ? `tee time ${formatTime(card.teeTime, timeZone)}` : null;
  const mates = card.mates.length ? `with ${listOf(card.mates.map((m) => m.name))}` : null;
  return [`Card ${card.number}`, start, mates].filter(Boolean).join(" · ");
}

/**
 * A player's card as a message tells it (ADR 49): "Card 3: Ann Lee and Bo Ray. You start on
 * hole 7A." with a shotgun start, or "Card 2: Ann Lee. Tee time 6:10 PM." with tee times.
 */
export function cardMessage(card: CardSummary, timeZone: string): string {
  const mates = card.mates.length ? `: ${listOf(card.mates.map((m) => m.name))}` : "";
  const start =
    card.startLabel !== null
      ? ` You start on hole ${card.startLabel}.`
      : card.teeTime !== null
        ? ` Tee time ${formatTime(card.teeTime, timeZone)}.`
        : "";
  return `Card ${card.number}${mates}.${start}`;
}

/** A round's cards' start labels, in their order: "7", or "7A"/"7B" where cards share a hole; null for a tee time. */
export function startLabels(cards: readonly { startHole: number | null; startSlot: number }[]): (string | null)[] {
  return cards.map((c) =>
    c.startHole === null
      ? null
      : startLabel({ hole: c.startHole, slot: c.startSlot }, cards.filter((o) => o.startHole === c.startHole).length),
  );
}
