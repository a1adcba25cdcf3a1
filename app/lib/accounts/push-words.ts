// "Notifications on this device" (ADR 49): the words the /api answers with and the
// toggle on /profile shows, one list both sides read.

export const PUSH_WORDS = {
  notSetUp: "Notifications are not set up on this server",
  unsupported: "This browser cannot receive notifications",
  installFirst: "Add this app to your Home Screen first, then turn notifications on here",
  blocked: "Notifications are blocked for this site in the browser's settings",
  on: "Notifications are on for this device",
  off: "Notifications are off for this device",
  turnOn: "Turn on notifications",
  turnOff: "Turn off",
  working: "One moment…",
  failed: "That did not work. Please try again.",
  notYours: "This device is not subscribed on your account",
} as const;

/**
 * checkSubscription's words (PUSH_ERRORS, app/.server/push/web-push.ts) for what the /api's
 * schema refuses before it: the same text, so a 400 reads alike whichever refused it (a test
 * keeps them equal).
 */
export const PUSH_INPUT_ERRORS = {
  shape: "A subscription is { endpoint, keys: { p256dh, auth } }, all strings",
  endpointUrl: "The endpoint is not a URL",
  endpointLong: "The endpoint is longer than 2048 characters",
  p256dh: "p256dh must be a 65-byte uncompressed P-256 public key in base64url",
  auth: "auth must be exactly 16 bytes in base64url",
} as const;

/** At most this many devices per account: a new one past it lets go of the least recently checked. */
export const MAX_PUSH_DEVICES = 20;

/** Where the browser keeps the endpoint it last posted, so the app can take it back when the browser drops it. */
export const PUSH_ENDPOINT_KEY = "league:push-endpoint";
