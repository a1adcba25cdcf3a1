import { requireUser } from "./auth";
import { subApp } from "./context";
import { body } from "./validate";
import { badRequest } from "~/.server/errors";
import {
  MESSAGE_OFF_DONE,
  getMessagePrefs,
  readMessageOffLink,
  setMessagePrefs,
  turnKindOff,
} from "~/.server/services/messages/prefs-edit";
import { MessagePrefsSchema } from "~/schemas/messages";
import { OneClickSchema } from "~/schemas/notifications";
import { leagueUrls } from "~/lib/shared/league-url";

// A player's messages in the request's league (ADR 49): their choice per kind, and the
// one-click off of a message's List-Unsubscribe.

export const messagesApi = subApp()
  /** GET /api/messages/prefs → `{ prefs: { [kind]: "push" | "mail" | "off" | "auto" } }`; a member's only (403). */
  .get("/prefs", requireUser, async (c) => c.json({ prefs: await getMessagePrefs(c.var.db, c.var.caller.userId) }))
  /** PUT /api/messages/prefs `{ prefs }`: the kinds named change (`auto`: back to the default) → `{ success, prefs }`. */
  .put("/prefs", requireUser, body(MessagePrefsSchema), async (c) => {
    const prefs = await setMessagePrefs(c.var.db, c.var.caller.userId, c.req.valid("json").prefs);
    return c.json({ success: true, prefs });
  })
  // A message mail's List-Unsubscribe URL (RFC 8058), in the league that sent it. Mail clients
  // post to it from their own servers, with no cookie and any Origin: the link's signature is
  // the only authority (React Router refuses cross-origin posts to page actions, so the
  // one-click lives here, as /api/users/unsubscribe's does). Opened instead, it shows the page,
  // which changes nothing until its button is pressed (link scanners open links).
  .get("/off", (c) => {
    const query = new URL(c.req.url).searchParams;
    return c.redirect(leagueUrls(null).rootHref(`/messages/off?${query}`), 303);
  })
  .post("/off", async (c) => {
    const query = new URL(c.req.url).searchParams;
    // The link first (a bad one is refused whatever the body), then RFC 8058's body.
    const target = await readMessageOffLink(c.var.db, c.env.SESSION_SECRET, query);
    const form = await c.req.raw.formData().catch(() => null);
    if (!OneClickSchema.safeParse(form ? Object.fromEntries(form) : {}).success) {
      throw badRequest("Send List-Unsubscribe=One-Click as a form to turn these off");
    }
    await turnKindOff(c.var.db, target);
    return c.json({ success: true, message: MESSAGE_OFF_DONE });
  });
