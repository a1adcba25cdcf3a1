import { formatTime } from "./time";

/** What the line needs of a published card (services/night/player-night.ts's PlayerCard). */
type Card = { number: number; startLabel: string | null; teeTime: number | null; mates: readonly { name: string }[] };

/** "Ann Lee", "Ann Lee and Bo Ray", "Ann Lee, Bo Ray and Cy Poe". */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * A player's card in one line, as they read it before teeing off: "Card 3 · hole 7A · with
 * Ann Lee, Bo Ray and Cy Poe" (a shotgun start), or "Card 2 · tee time 6:10 PM · with …".
 */
export function cardLine(card: Card, timeZone: string): string {
  const start =
    card.startLabel !== null ? `hole ${card.startLabel}` : card.teeTime !== null ? `tee time ${formatTime(card.teeTime, timeZone)}` : null;
  const mates = card.mates.length ? `with ${listOf(card.mates.map((m) => m.name))}` : null;
  return [`Card ${card.number}`, start, mates].filter(Boolean).join(" · ");
}
