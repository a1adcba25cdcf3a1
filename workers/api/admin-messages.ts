import { adminSubApp } from "./context";
import { RoundIdParam } from "./params";
import { loggedMessageJson, previewJson, sentJson } from "./serializers/messages";
import { body, param } from "./validate";
import { deliverMessage, handOver } from "~/.server/follow-ups";
import { vapidOf } from "~/.server/push/config";
import { previewReach, roundMessageLog, sendOrganiserMessage } from "~/.server/services/messages/organiser-messages";
import { getRound } from "~/.server/services/rounds/rounds";
import { MessagePreviewSchema, MessageSendSchema } from "~/schemas/organiser-messages";

// The organiser's "Message players" (ADR 49); mounted in ./admin.ts behind the admin guard,
// for the roles that run a night (./admin-access.ts). A send is made once by the page's key
// (a repeat answers the first, 200), inside the league's limits (429), and its delivery is
// handed over after the batch (ADR 44).

const roundParam = param(RoundIdParam);

export const adminMessagesApi = adminSubApp()
  .post("/rounds/:id/messages/preview", roundParam, body(MessagePreviewSchema), async (c) => {
    const preview = await previewReach(c.var.db, c.req.valid("param").id, c.req.valid("json"), { pushReady: vapidOf(c.env) !== null });
    return c.json(previewJson(preview));
  })
  .post("/rounds/:id/messages", roundParam, body(MessageSendSchema), async (c) => {
    const { user } = await c.var.caller.session;
    const input = c.req.valid("json");
    const sent = await sendOrganiserMessage(c.var.db, c.var.league, c.req.valid("param").id, {
      ...input,
      sender: { id: user.id, name: user.name },
    });
    if (sent.made) handOver(c.var.db, [deliverMessage(input.key)]);
    return c.json(sentJson(sent), sent.made ? 201 : 200);
  })
  .get("/rounds/:id/messages", roundParam, async (c) => {
    const id = c.req.valid("param").id;
    // The round's 404 asked beside the log.
    const [, log] = await Promise.all([getRound(c.var.db, id), roundMessageLog(c.var.db, id)]);
    return c.json({ messages: log.map(loggedMessageJson) });
  });
