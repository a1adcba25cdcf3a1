import { type Audience, AUDIENCES, type DeliveryStatus, MESSAGE_MAX_CHARS, QUIET_UNTIL_HOUR } from "./kinds";
import { TURNED_OFF_DETAIL } from "./prefs";

// The organiser's "Message players" (ADR 49): each audience in words, the preview's line, and
// what became of each recipient's copy as the organiser's log says it. Words only (the page
// and the /api both read them); the browser bundle must not load zod.

/** Each audience as the select and the message's `audience` column word it. */
export const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: "Everyone in the league",
  "signed-up": "Signed up for this round",
  division: "A division of this round",
  card: "One card of this round",
  "not-paid": "Signed up, still owing",
  "not-checked-in": "Signed up, not checked in",
  waitlist: "On the waitlist",
};

/** What is wrong with a message's text or channels (the /api's and the page's schema, and the service). */
export const MESSAGE_INPUT_ERRORS = {
  empty: "body: write a message",
  tooLong: `body: at most ${MESSAGE_MAX_CHARS.toLocaleString("en-US")} characters`,
  noChannel: "Choose push, mail or both",
} as const;

/** A message's length as the limit counts it: characters (an emoji is one), after trim. */
export const messageLength = (text: string) => [...text.trim()].length;

/** The page's first choice, previewed as it opens: the round's signed-up players, by push and mail. */
export const FIRST_PICK = { audience: "signed-up", push: true, mail: true } as const;

/** The audience of a test to oneself, as the log shows it. */
export const TEST_AUDIENCE = "Test to me";

export const isAudience = (value: string): value is Audience => (AUDIENCES as readonly string[]).includes(value);

/** The message's audience in words: "Division MA1", "Card 3", "Signed up for this round". */
export function audienceWords(audience: Audience, pick: { division?: string | null; cardNumber?: number | null }): string {
  if (audience === "division" && pick.division) return `Division ${pick.division}`;
  if (audience === "card" && pick.cardNumber != null) return `Card ${pick.cardNumber}`;
  return AUDIENCE_LABELS[audience];
}

/** What a preview counts: accounts reached by push or mail, turned off, and players with no account (or no way). */
export type ReachPreview = { reach: number; byPush: number; byMail: number; off: number; unreachable: number; noWay: number };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The noun for a player of the audience with no account: "signed-up player", "player on the waitlist". */
const WHO: Record<Audience, [string, string]> = {
  everyone: ["player", "players"],
  "signed-up": ["signed-up player", "signed-up players"],
  division: ["player of the division", "players of the division"],
  card: ["player on the card", "players on the card"],
  "not-paid": ["player still owing", "players still owing"],
  "not-checked-in": ["player not checked in", "players not checked in"],
  waitlist: ["player on the waitlist", "players on the waitlist"],
};

/** "Will reach 14 players: 9 by push, 5 by mail (2 have turned these off; 1 signed-up player has no account)". */
export function previewLine(p: ReachPreview, audience: Audience): string {
  const ways = [`${p.byPush} by push`, `${p.byMail} by mail`];
  const notes = [
    p.off > 0 ? `${p.off} ${p.off === 1 ? "has" : "have"} turned these off` : null,
    p.unreachable > 0
      ? `${plural(p.unreachable, WHO[audience][0], WHO[audience][1])} ${p.unreachable === 1 ? "has" : "have"} no account`
      : null,
    p.noWay > 0 ? `${p.noWay} ${p.noWay === 1 ? "has" : "have"} no device to push to` : null,
  ].filter(Boolean);
  return `Will reach ${plural(p.reach, "player", "players")}: ${ways.join(", ")}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

/** A recipient's copy in the organiser's log: "Pushed", "Mailed", "Refused: …", "Turned off", "Waiting", "Held until 08:00". */
export function organiserStatusWords(status: DeliveryStatus, detail: string | null): string {
  switch (status) {
    case "pushed":
      return "Pushed";
    case "mailed":
      return "Mailed";
    case "refused":
      return `Refused: ${detail ?? "no reason given"}`;
    case "skipped":
      return detail === null || detail === TURNED_OFF_DETAIL ? "Turned off" : `Not sent: ${detail}`;
    case "held":
      return `Held until ${String(QUIET_UNTIL_HOUR).padStart(2, "0")}:00`;
    case "queued":
    case "sending":
      return "Waiting";
  }
}
