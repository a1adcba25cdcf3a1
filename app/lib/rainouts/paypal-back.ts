import { formatCents } from "../shared/money";
import { DAY_SECONDS, formatDate } from "../shared/time";

// A cancelled round's PayPal payment back to PayPal instead of credit (ADR 50): how long a
// player may ask, and the words the player's home and the refusals use.

/** A player may ask for the PayPal part back this many days after the cancel. */
export const PAYPAL_BACK_DAYS = 30;

/** The last moment to ask (epoch seconds): the cancel plus PAYPAL_BACK_DAYS. */
export const paypalBackUntil = (cancelledAt: number): number => cancelledAt + PAYPAL_BACK_DAYS * DAY_SECONDS;

/** "Get $4.17 back to PayPal instead of credit" — the button. */
export const paypalBackOffer = (cents: number): string => `Get ${formatCents(cents)} back to PayPal instead of credit`;

/** "Until 07/31/26" under the button: the last day to ask, in the league's zone. */
export const paypalBackLastDay = (until: number, timeZone: string): string => `Until ${formatDate(until, timeZone)}`;

/** "Refund of $4.17 to PayPal asked on 07/02/26" — after asking. */
export const paypalBackAsked = (cents: number, askedAt: number, timeZone: string): string =>
  `Refund of ${formatCents(cents)} to PayPal asked on ${formatDate(askedAt, timeZone)}`;

/** "Your $4.17 for Wet Thursday is back as league credit." — above the button, on the player's home. */
export const paypalBackCredited = (cents: number, roundName: string): string =>
  `Your ${formatCents(cents)} for ${roundName} is back as league credit.`;

/** "Refund of $4.17 to PayPal asked: …" — the answer to an ask, from the /api and the home page's form alike. */
export const paypalBackSent = (cents: number): string =>
  `Refund of ${formatCents(cents)} to PayPal asked: it reaches the PayPal account that paid within a few days.`;
