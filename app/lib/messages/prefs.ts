import { type Channel, DEFAULT_CHANNEL, type DeliveryStatus, MESSAGE_KINDS, type MessageKind } from "./kinds";

// A player's choices per kind on a league's /preferences, and the Messages page's words for
// what became of each copy (ADR 49). Words only, kept apart from the zod schemas: the
// browser bundle must not load zod.

/** A kind's stored choice, or `auto`: no row, the kind's default (DEFAULT_CHANNEL). */
export type Choice = Channel | "auto";
export type MessagePrefs = Record<MessageKind, Choice>;

export const MESSAGE_PREFS_INTENT = "messagePrefs";

/** Each choice as the radio buttons word it. `auto` is only ever a kind's default. */
export const CHOICE_LABELS: Record<Choice, string> = {
  auto: "Push on this phone, else mail",
  push: "Push only",
  mail: "Mail",
  off: "Off",
};

/** The choices a kind's fieldset offers, its default first. */
export function choicesOf(kind: MessageKind): readonly Choice[] {
  const fallback = DEFAULT_CHANNEL[kind];
  return fallback === "auto" ? ["auto", "push", "mail", "off"] : ["push", "mail", "off"];
}

/** A kind's radio value as the page shows it: no row is the default, which for `ace` is `off`. */
export function shownChoice(kind: MessageKind, stored: Choice): Choice {
  return stored === "auto" ? DEFAULT_CHANNEL[kind] : stored;
}

/** Every kind at its default: an account that never chose. */
export const DEFAULT_PREFS: MessagePrefs = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, "auto"])) as MessagePrefs;

export const MESSAGE_PREFS_SAVED = "Saved. Your messages from this league will come as you chose.";

/** The delivery's `detail` on a copy skipped because the player turned its kind off (services/messages/deliver.ts). */
export const TURNED_OFF_DETAIL = "Turned off by the player";

/** The Messages page's words for how a copy reached the player (the delivery's technical details stay in the row). */
export function deliveryWords(status: DeliveryStatus, detail: string | null): string {
  switch (status) {
    case "pushed":
      return "Pushed";
    case "mailed":
      return "Mailed";
    case "held":
      return "Held until morning";
    case "queued":
    case "sending":
      return "Sending";
    case "refused":
      return "Not delivered";
    case "skipped":
      // Skipped: turned off, or nowhere to send it ("No device to push to", "No address to mail"…).
      return detail === null || detail === TURNED_OFF_DETAIL ? "Not sent: you turned these off" : `Not sent: ${detail.toLowerCase()}`;
  }
}
