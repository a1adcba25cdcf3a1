import { z } from "./zod";
import { idSchema } from "./ids";
import { BASE64URL_32_BYTES } from "../lib/shared/base64url";
import { MAIL_OPTIN_INTENT } from "../lib/accounts/mail-optin";

/**
 * PUT /api/users/me/notifications: the registration mail. The card and waitlist mails are
 * the `cards` and `waitlist` kinds of message now (PUT /api/messages/prefs, ADR 49).
 */
export const NotificationsSchema = z.object({
  registrationOpens: z.boolean({ error: "registrationOpens must be true or false" }),
});

export { MAIL_OPTIN_INTENT };

/** A checkbox: "on", or left out (off). */
const checkbox = z
  .literal("on", { error: "Tick the box or leave it empty" })
  .optional()
  .transform((v) => v === "on");

/** The /profile opt-in form: the registration mail's box. */
export const MailOptInFormSchema = z.object({
  intent: z.literal(MAIL_OPTIN_INTENT, { error: "Unknown action" }),
  notify: checkbox,
});

export const UNSUBSCRIBED = "You will no longer get these mails.";
export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid. Open it from the mail again, and check that it was not cut short.";

/**
 * /unsubscribe?u={userId}&l={leagueId}&t={signature}, as the mail's link writes them; a link
 * sent before links named their league has no `l` (the first league's, ADR 46).
 */
export const UnsubscribeLinkSchema = z.object({
  u: idSchema("user id"),
  l: idSchema("league id").optional(),
  t: z.string({ error: "The link has no signature" }).regex(BASE64URL_32_BYTES, "The link's signature is malformed"),
});

/** RFC 8058's one-click body (mail clients) and the unsubscribe page's button post the same field. */
export const OneClickSchema = z.object({
  "List-Unsubscribe": z.literal("One-Click", { error: "Send List-Unsubscribe=One-Click to unsubscribe" }),
});
