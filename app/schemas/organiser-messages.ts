import { z } from "./zod";
import { bodyIdSchema } from "./ids";
import { AUDIENCES, MESSAGE_MAX_CHARS } from "../lib/messages/kinds";
import { MESSAGE_INPUT_ERRORS, messageLength } from "../lib/messages/organiser";
import { DIVISIONS } from "../lib/players/divisions";

// The organiser's "Message players" (ADR 49): the /api's bodies and the page's form share
// these fields. A message's length is counted after trim, in characters (an emoji is one).

export const ORGANISER_FORM_INTENTS = ["preview", "send", "test"] as const;

const NO_CHANNEL = MESSAGE_INPUT_ERRORS.noChannel;
const audience = z.enum(AUDIENCES, { error: `audience: choose one of ${AUDIENCES.join(", ")}` });
const division = z.enum(DIVISIONS, { error: "division: choose a division of the round" });
const cardId = bodyIdSchema("cardId");
const flag = (what: string) => z.boolean({ error: `${what}: true or false` });
const text = z
  .string({ error: MESSAGE_INPUT_ERRORS.empty })
  .max(4 * MESSAGE_MAX_CHARS, MESSAGE_INPUT_ERRORS.tooLong)
  .refine((v) => messageLength(v) > 0, MESSAGE_INPUT_ERRORS.empty)
  .refine((v) => messageLength(v) <= MESSAGE_MAX_CHARS, MESSAGE_INPUT_ERRORS.tooLong);
const key = z.uuid({ error: "key: a UUID the page makes for this send" });

const pickFields = { audience, division: division.optional(), cardId: cardId.optional() };
const noChannel = (v: { push: boolean; mail: boolean }) => v.push || v.mail;

/** POST /api/admin/rounds/{id}/messages/preview `{ audience, division?, cardId?, push, mail }`. */
export const MessagePreviewSchema = z
  .object({ ...pickFields, push: flag("push"), mail: flag("mail") })
  .refine(noChannel, { error: NO_CHANNEL });

/** POST /api/admin/rounds/{id}/messages `{ audience, division?, cardId?, push, mail, body, key, test? }`. */
export const MessageSendSchema = z
  .object({ ...pickFields, push: flag("push"), mail: flag("mail"), body: text, key, test: flag("test").default(false) })
  .refine(noChannel, { error: NO_CHANNEL });

// The page's form: checkboxes are "on" or absent, blank selects are absent.
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const checkbox = (what: string) =>
  z
    .literal("on", { error: `${what}: a checkbox is on or left out` })
    .optional()
    .transform((v) => v === "on");

/** The page's form: `intent` preview, send or test, the same fields as the /api. */
export const MessageFormSchema = z
  .object({
    intent: z.enum(ORGANISER_FORM_INTENTS, { error: "Unknown action" }),
    audience,
    division: division.optional(),
    cardId: z.preprocess(blank, cardId.optional()),
    push: checkbox("push"),
    mail: checkbox("mail"),
    // A preview posts the text as typed so far (or none): only a send or a test is held to it.
    body: z.preprocess((v) => v ?? "", z.string().max(4 * MESSAGE_MAX_CHARS, MESSAGE_INPUT_ERRORS.tooLong)),
    key: z.preprocess(blank, key.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.intent === "preview") return;
    const parsed = text.safeParse(v.body);
    if (!parsed.success)
      ctx.addIssue({ code: "custom", path: ["body"], message: parsed.error.issues[0]?.message ?? MESSAGE_INPUT_ERRORS.empty });
  })
  .refine(noChannel, { error: NO_CHANNEL });
