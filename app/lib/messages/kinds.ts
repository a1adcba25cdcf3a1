// What the league tells its players (ADR 49): each kind of message, the channels a player
// chooses per (account, league), and what became of each recipient's copy. One list per
// kind: the tables' checks, the zod enums and the forms read these.

/** The kinds of message, in the order the preferences list them. `organiser`: a message an organiser wrote. */
export const MESSAGE_KINDS = ["cards", "reminder", "waitlist", "owed", "results", "cancelled", "ace", "organiser"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** How a player wants a kind: pushed to their devices, mailed, or not at all. */
export const CHANNELS = ["push", "mail", "off"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * A kind's channel when the player never chose: `auto` is push on a device they subscribed,
 * else mail. An ace in the league is off until asked for.
 */
export const DEFAULT_CHANNEL: Record<MessageKind, Channel | "auto"> = {
  cards: "auto",
  reminder: "auto",
  waitlist: "auto",
  owed: "auto",
  results: "auto",
  cancelled: "auto",
  ace: "off",
  organiser: "auto",
};

/** The preferences' words for each kind. */
export const KIND_LABELS: Record<MessageKind, string> = {
  cards: "Cards published: your card, starting hole or tee time",
  reminder: "A reminder 4 hours before a round you signed up for",
  waitlist: "A place offered from the waitlist, with its deadline",
  owed: "What you owe, when check-in opens",
  results: "Results final: your place and what was credited",
  cancelled: "A round cancelled or postponed",
  ace: "An ace in the league",
  organiser: "Messages from the league's organisers",
};

/**
 * What became of one recipient's copy: `queued` to send, `held` until the quiet hours end,
 * `sending` claimed by a delivery, then `pushed` (a push service accepted it), `mailed`,
 * `refused` (the push service or mail said no; `detail` says why) or `skipped` (the player
 * turned the kind off, or has neither a device nor an address).
 */
export const DELIVERY_STATUSES = ["queued", "held", "sending", "pushed", "mailed", "refused", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Who an organiser's message goes to, on a round. */
export const AUDIENCES = ["everyone", "signed-up", "division", "card", "not-paid", "not-checked-in", "waitlist"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** An organiser's message: at most this many characters; a push shows the first PUSH_CHARS. */
export const MESSAGE_MAX_CHARS = 1000;
export const PUSH_CHARS = 120;

/** Quiet hours in the league's time zone: nothing but a cancellation is pushed from 22:00 to 08:00 (a league night under lights ends by 22:00). */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** An organiser's messages per league: at most 5 an hour and 20 a day (tests to oneself not counted). */
export const ORGANISER_LIMITS = { perHour: 5, perDay: 20 } as const;

/** How long a player's Messages page looks back. */
export const MESSAGES_KEPT_DAYS = 90;
