import { z } from "./zod";
import { idSchema } from "./ids";
import { CHANNELS, MESSAGE_KINDS, type MessageKind } from "../lib/messages/kinds";
import { MESSAGE_PREFS_INTENT } from "../lib/messages/prefs";
import { BASE64URL_32_BYTES } from "../lib/shared/base64url";

// A player's choices per kind of message in a league, and the signed link that turns one
// kind off (ADR 49).

const CHOICES = [...CHANNELS, "auto"] as const;
const choice = (kind: string) => z.enum(CHOICES, { error: `${kind}: choose push, mail, off or auto` });

/** Each kind's optional choice: a kind left out keeps what it had. */
const kindShape = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, choice(kind).optional()])) as Record<
  MessageKind,
  z.ZodOptional<ReturnType<typeof choice>>
>;

/** PUT /api/messages/prefs `{ prefs: { [kind]: "push" | "mail" | "off" | "auto" } }`: the kinds named change; `auto` goes back to the default. */
export const MessagePrefsSchema = z.object({
  prefs: z.strictObject(kindShape, { error: `prefs must name kinds of message (${MESSAGE_KINDS.join(", ")})` }),
});

/** The /preferences form: one radio group per kind, named by the kind. */
export const MessagePrefsFormSchema = z.object({ intent: z.literal(MESSAGE_PREFS_INTENT, { error: "Unknown action" }), ...kindShape });

/** /messages/off?u={userId}&l={leagueId}&k={kind}&t={signature}, as messageOffUrls writes them. */
export const MessageOffLinkSchema = z.object({
  u: idSchema("user id"),
  l: idSchema("league id"),
  k: z.enum(MESSAGE_KINDS, { error: "Unknown kind of message" }),
  t: z.string({ error: "The link has no signature" }).regex(BASE64URL_32_BYTES, "The link's signature is malformed"),
});
